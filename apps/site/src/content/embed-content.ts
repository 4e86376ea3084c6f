import {
  type HeadSetting,
  type ItemData,
  PAGE_COLLECTIONS,
  type PageContent,
  type PageSettings,
  sortByOrder,
} from "@consultant/site-content";
import { pageDefaults } from "../site.config.ts";
import { isIslandWord } from "./page-words.ts";

export const PAGE_CONTENT_ID = "page-content";

// The store's bookkeeping fields: the page never reads them, so the browser need not download them.
const UNREAD_SYSTEM_FIELDS = new Set(["_createdDate", "_updatedDate", "_ownerId", "_owner"]);

/** A picture's data URL is in the HTML already (its `<img>`): the JSON only says so. */
const INLINE_FIELD = "inline";
const IN_THE_HTML = 1;

/** The attribute naming the picture whose data URL an `<img>` carries. */
export const INLINE_PICTURE_ATTRIBUTE = "data-inline-picture";

/**
 * The attribute naming the text (its `title_fld`) an element starts with: a text the server
 * rendered there whole is read back from the HTML instead of being carried twice.
 */
export const TEXT_ATTRIBUTE = "data-text";

/**
 * The attribute naming the field (`Collection:itemId.path.in.itemData`) an element holds whole:
 * the Services' and ideal clients' texts are read back from the HTML too.
 */
export const FIELD_ATTRIBUTE = "data-field";
const FIELD_COLLECTIONS: ReadonlySet<string> = new Set(["Services", "Clients"]);

/** Text as React's server renderer escapes it. */
function escapeText(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#x27" }[c]};`,
  );
}

/** A text rendered whole at the start of its marked element: the JSON only says so. */
function textInTheHtml(item: ItemData, html: string): ItemData {
  const { title_fld: key, data } = item;
  if (typeof key !== "string" || typeof data !== "string" || data === "" || data.includes("\r"))
    return item;
  const marked = html.indexOf(`${TEXT_ATTRIBUTE}="${escapeText(key)}"`);
  // Attribute values are escaped too, so the first ">" after the mark ends the start tag.
  const content = marked === -1 ? -1 : html.indexOf(">", marked) + 1;
  const whole = content > 0 && html.startsWith(`${escapeText(data)}<`, content);
  return whole ? { ...item, data: IN_THE_HTML } : item;
}

/** Each string of `value` that `html` holds whole in the element marked with its path: 1. */
function fieldsInTheHtml(value: unknown, path: string, html: string): unknown {
  if (typeof value === "string") {
    const mark = `${FIELD_ATTRIBUTE}="${escapeText(path)}">${escapeText(value)}<`;
    return value !== "" && !value.includes("\r") && html.includes(mark) ? IN_THE_HTML : value;
  }
  if (Array.isArray(value)) return value.map((v, at) => fieldsInTheHtml(v, `${path}.${at}`, html));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, fieldsInTheHtml(v, `${path}.${key}`, html)]),
  );
}

function itemFieldsInTheHtml(name: string, item: ItemData, html: string): ItemData {
  if (!FIELD_COLLECTIONS.has(name) || typeof item._id !== "string") return item;
  return { ...item, itemData: fieldsInTheHtml(item.itemData, `${name}:${item._id}`, html) };
}

const HEAD_SETTINGS: ReadonlySet<string> = new Set<HeadSetting>([
  "title",
  "description",
  "siteUrl",
  "shareImageUrl",
]);

/** The settings the page reads that differ from its defaults (a missing one reads as its default). */
function pageSettingsOnly(item: ItemData): ItemData {
  return Object.fromEntries(
    Object.entries(item).filter(
      ([key, value]) =>
        !HEAD_SETTINGS.has(key) && pageDefaults[key as keyof PageSettings] !== value,
    ),
  );
}

/** A text is found by its key (`title_fld`): its id is not read. */
function withoutTextId(item: ItemData): ItemData {
  if (typeof item.title_fld !== "string") return item;
  const { _id, ...rest } = item;
  return rest;
}

/** Items in the order the page shows them, which then need no `order` of their own. */
function inShownOrder(items: readonly ItemData[]): ItemData[] {
  return sortByOrder(items).map(({ order, ...rest }) => rest);
}

/** Only what the page reads, so the browser downloads no more than it renders. */
function pageReads(content: PageContent, html: string): PageContent {
  const read = Object.fromEntries(
    Object.entries(content).map(([name, items]) => [
      name,
      inShownOrder(items)
        .filter((item) => !isIslandWord(String(item.title_fld)))
        .map((item) => itemFieldsInTheHtml(name, textInTheHtml(withoutTextId(item), html), html)),
    ]),
  ) as PageContent;
  read.SiteSettings = content.SiteSettings.map(pageSettingsOnly);
  return read;
}

/**
 * JSON for a `<script type="application/json">` with only what the page reads: no system fields,
 * items in their shown order without their `order`, no text ids, no words of the server-only contact form, no head-only settings nor settings equal to the page's defaults, no texts that
 * `html` (the rendered app) holds whole in their marked element, and no pictures' data URLs,
 * which the rendered `<img>` elements carry; `<` is escaped so no text can close the tag.
 */
export function serializePageContent(content: PageContent, html = ""): string {
  return JSON.stringify(pageReads(content, html), (key, value: unknown) => {
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

/** Puts back the texts the server left in the HTML, from the elements that start with them. */
function withTextsFromHtml(doc: Document, items: ItemData[]): ItemData[] {
  const held = markedElements(doc, TEXT_ATTRIBUTE);
  return items.map((item) =>
    item.data === IN_THE_HTML
      ? { ...item, data: held.get(String(item.title_fld))?.firstChild?.nodeValue ?? "" }
      : item,
  );
}

/** The first element carrying each value of `attribute`, found in one pass over the page. */
function markedElements(doc: Document, attribute: string): Map<string, Element> {
  const found = new Map<string, Element>();
  for (const element of doc.querySelectorAll(`[${attribute}]`)) {
    const value = element.getAttribute(attribute) ?? "";
    if (!found.has(value)) found.set(value, element);
  }
  return found;
}

/** Puts back the fields the server left in the HTML, from the elements marked with their paths. */
function withFieldsFromHtml(doc: Document, name: string, items: ItemData[]): ItemData[] {
  if (!FIELD_COLLECTIONS.has(name)) return items;
  const held = markedElements(doc, FIELD_ATTRIBUTE);
  const restore = (value: unknown, path: string): unknown => {
    if (value === IN_THE_HTML) return held.get(path)?.textContent ?? "";
    if (Array.isArray(value)) return value.map((v, at) => restore(v, `${path}.${at}`));
    if (typeof value !== "object" || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, restore(v, `${path}.${key}`)]),
    );
  };
  return items.map((item) => ({
    ...item,
    itemData: restore(item.itemData, `${name}:${item._id}`),
  }));
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
    for (const name of PAGE_COLLECTIONS) {
      content[name] = withFieldsFromHtml(doc, name, withTextsFromHtml(doc, content[name]));
    }
    content.Pictures = withInlinePictures(doc, content.Pictures ?? []);
    return content;
  } catch (error) {
    console.error("Failed to read embedded page content:", error);
    return undefined;
  }
}
