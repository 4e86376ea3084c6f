import type { ItemData, PageCollection } from "@consultant/site-content";

/** Loads one page collection's items. */
export type CollectionLoader = (name: PageCollection) => Promise<ItemData[]>;

export type QueryItems = (request: { dataCollectionId: string }) => Promise<{ items: ItemData[] }>;

/** Reads one collection; a failure is logged and read as an empty list (docs/architecture.md). */
export async function loadCollection(query: QueryItems, name: PageCollection): Promise<ItemData[]> {
  try {
    const { items } = await query({ dataCollectionId: name });
    return Array.isArray(items) ? items : [];
  } catch (error) {
    console.error(`Failed to fetch ${name} data:`, error);
    return [];
  }
}
