/**
 * @module Renders the real page with one collection replaced by unsaved (or old) items, through
 * the site's own `renderPage`. Nothing is written.
 */
import type { PageCollection } from "@consultant/site-content";
import type { ItemData, ItemsStore } from "../data/index.ts";
import type { LoadedSite } from "../page/index.ts";
import { readPageContent } from "../page/index.ts";

export function renderPreview(
  site: LoadedSite,
  store: ItemsStore,
  collectionId: PageCollection,
  items: ItemData[],
): string {
  const { content } = readPageContent(store);
  return site.renderPage(site.template, { ...content, [collectionId]: items });
}
