/**
 * The generated collection and the two queries. Every size returns the same number of matches
 * (MATCHES), so an index lookup costs the same at every size while a scan grows with it.
 */
export const MATCHES = 100;
export const PAGE_LIMIT = 50;

/** The fields the generated collections declare, so the store indexes them. */
export const GROWTH_DECLARED_FIELDS = [
  { field: "category", type: "string" },
  { field: "price", type: "number" },
] as const;

/** Distinct categories at `size` items, so each category holds MATCHES of them. */
const categoryCount = (size: number) => Math.max(1, Math.floor(size / MATCHES));

/** A page-sized item with two declared fields: `category` (equality) and `price` (range, sort). */
export function makeGrowthItem(size: number, i: number): Record<string, unknown> {
  const categories = categoryCount(size);
  return {
    _id: `item-${i}`,
    title: `Generated item ${i}`,
    category: `category-${i % categories}`,
    // A permutation of 0..size-1, so insertion order and price order differ.
    price: (i * 7_919) % size,
    body: "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.",
  };
}

export type GrowthQueryName = "equality" | "range+sort";

/** The query request bodies for a collection of `size` items. */
export function growthQueries(
  collectionId: string,
  size: number,
): Record<GrowthQueryName, unknown> {
  const categories = categoryCount(size);
  const low = Math.floor(size / 2);
  return {
    equality: {
      dataCollectionId: collectionId,
      query: {
        filter: { category: { $eq: `category-${Math.floor(categories / 2)}` } },
        paging: { limit: PAGE_LIMIT },
      },
    },
    "range+sort": {
      dataCollectionId: collectionId,
      query: {
        filter: { price: { $gte: low, $lt: low + MATCHES } },
        sort: [{ fieldName: "price", order: "ASC" }],
        paging: { limit: PAGE_LIMIT },
      },
    },
  };
}
