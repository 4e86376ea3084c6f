import type { CollectionName, ContentItem } from "./types.ts";

export type QueryItems = (request: {
  dataCollectionId: string;
}) => Promise<{ items: ContentItem[] }>;

/** Reads one collection; a failure is logged and treated as an empty list (spec §8). */
export async function loadCollection(
  query: QueryItems,
  name: CollectionName,
): Promise<ContentItem[]> {
  try {
    const { items } = await query({ dataCollectionId: name });
    return Array.isArray(items) ? items : [];
  } catch (error) {
    console.error(`Failed to fetch ${name} data:`, error);
    return [];
  }
}
