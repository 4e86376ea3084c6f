import { type ItemData, PAGE_COLLECTIONS, type PageContent } from "@consultant/site-content";

export const PAGE_CONTENT_ID = "page-content";

// The store's bookkeeping fields: the page never reads them, so the browser need not download them.
const UNREAD_SYSTEM_FIELDS = new Set(["_createdDate", "_updatedDate", "_ownerId", "_owner"]);

/** A picture's data URL is in the HTML already (its `<img>`): the JSON only says so. */
const INLINE_FIELD = "inline";
const IN_THE_HTML = 1;

/** The attribute naming the picture whose data URL an `<img>` carries. */
export const INLINE_PICTURE_ATTRIBUTE = "data-inline-picture";

/**
 * JSON for a `<script type="application/json">`, without the system fields the page does not
 * read, and without the pictures' data URLs, which the rendered `<img>` elements carry; `<` is
 * escaped so no text can close the tag.
 */
export function serializePageContent(content: PageContent): string {
  return JSON.stringify(content, (key, value: unknown) => {
    if (UNREAD_SYSTEM_FIELDS.has(key)) return undefined;
    return key === INLINE_FIELD && typeof value === "string" && value !== "" ? IN_THE_HTML : value;
  })
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

function toItems(value: unknown): ItemData[] {
  return Array.isArray(value)
    ? value.filter((item): item is ItemData => typeof item === "object" && item !== null)
    : [];
}

/** Puts back the data URLs of pictures from the `<img>` elements that carry them. */
function withInlinePictures(doc: Document, items: ItemData[]): ItemData[] {
  return items.map((item) => {
    if (item[INLINE_FIELD] !== IN_THE_HTML) return item;
    const src = [...doc.querySelectorAll(`img[${INLINE_PICTURE_ATTRIBUTE}]`)]
      .find((img) => img.getAttribute(INLINE_PICTURE_ATTRIBUTE) === item._id)
      ?.getAttribute("src");
    return { ...item, [INLINE_FIELD]: src ?? "" };
  });
}

/** Reads the server-embedded content; undefined when the page was not server-rendered. */
export function readEmbeddedContent(doc: Document): PageContent | undefined {
  const element = doc.getElementById(PAGE_CONTENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const raw: unknown = JSON.parse(element.textContent);
    if (typeof raw !== "object" || raw === null) return undefined;
    const record = raw as Record<string, unknown>;
    const content = Object.fromEntries(
      PAGE_COLLECTIONS.map((name) => [name, toItems(record[name])]),
    ) as PageContent;
    content.Pictures = withInlinePictures(doc, content.Pictures ?? []);
    return content;
  } catch (error) {
    console.error("Failed to read embedded page content:", error);
    return undefined;
  }
}
