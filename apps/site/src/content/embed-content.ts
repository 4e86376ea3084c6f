import { type ItemData, PAGE_COLLECTIONS, type PageContent } from "@consultant/site-content";

export const PAGE_CONTENT_ID = "page-content";

/** JSON for a `<script type="application/json">`; `<` is escaped so no text can close the tag. */
export function serializePageContent(content: PageContent): string {
  return JSON.stringify(content)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

function toItems(value: unknown): ItemData[] {
  return Array.isArray(value)
    ? value.filter((item): item is ItemData => typeof item === "object" && item !== null)
    : [];
}

/** Reads the server-embedded content; undefined when the page was not server-rendered. */
export function readEmbeddedContent(doc: Document): PageContent | undefined {
  const element = doc.getElementById(PAGE_CONTENT_ID);
  if (!element?.textContent) return undefined;
  try {
    const raw: unknown = JSON.parse(element.textContent);
    if (typeof raw !== "object" || raw === null) return undefined;
    const record = raw as Record<string, unknown>;
    return Object.fromEntries(
      PAGE_COLLECTIONS.map((name) => [name, toItems(record[name])]),
    ) as PageContent;
  } catch (error) {
    console.error("Failed to read embedded page content:", error);
    return undefined;
  }
}
