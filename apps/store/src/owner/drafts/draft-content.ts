/**
 * @module The page's content as it will be once every pending change is published: each put
 * replaces its item in place (or joins the end), each remove takes its item off. Nothing is
 * written; the preview link's page and nothing else renders it.
 */
import { isPageCollection, type PageContent } from "@consultant/site-content";
import type { ItemData, ItemsStore } from "../../data/index.ts";
import { readPageContent } from "../../page/index.ts";
import type { DraftsStore } from "../storage/drafts-store.ts";

export function contentWithDrafts(store: ItemsStore, drafts: DraftsStore): PageContent {
  const { content } = readPageContent(store);
  const result: Record<string, ItemData[]> = { ...content };
  const changes = drafts.list(null).filter((change) => isPageCollection(change.collectionId));
  for (const change of changes) {
    const data = change.data;
    if (change.kind !== "put" || data === null) continue;
    const items = result[change.collectionId] ?? [];
    const at = items.findIndex((item) => item._id === change.itemId);
    result[change.collectionId] =
      at === -1 ? [...items, data] : items.map((item, index) => (index === at ? data : item));
  }
  for (const change of changes) {
    if (change.kind !== "remove") continue;
    result[change.collectionId] = (result[change.collectionId] ?? []).filter(
      (item) => item._id !== change.itemId,
    );
  }
  return result as PageContent;
}
