/**
 * @module How to read the numbers out of the read answers that count items (a row's
 * `countsIn`): totals, page counts, groups and the lists whose length is a count. Each number
 * is one no larger than the count of the items it was computed from, so the permission matrix
 * can hold it to the number of items the caller itself owns when it may reach only those.
 * Anything missing or not a number is skipped: an error answer has no counts.
 */

const field = (value: unknown, key: string): unknown =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;

const numbers = (...values: unknown[]): number[] =>
  values.filter((value): value is number => typeof value === "number");

const lengthOf = (value: unknown): unknown => (Array.isArray(value) ? value.length : undefined);

/** The page's length, its `pagingMetadata.count` and (with `returnTotalCount`) its `total`. */
const paged = (listKey: string) => (body: unknown) => {
  const paging = field(body, "pagingMetadata");
  return numbers(lengthOf(field(body, listKey)), field(paging, "count"), field(paging, "total"));
};

/** `POST /items/query` (and its GET form): the items, the page count and the total. */
export const queryCounts = paged("dataItems");

/** `POST /items/count`: `totalCount`. */
export const countCounts = (body: unknown) => numbers(field(body, "totalCount"));

/** `query-distinct-values` of a scalar field: each value comes from at least one item. */
export const distinctCounts = paged("distinctValues");

/**
 * `/items/aggregate` grouped by a field, with an `itemCount` named `countField`: the number of
 * groups (each holds at least one item), each group's count and their sum, and the paging's.
 */
export const aggregateCounts = (countField: string) => (body: unknown) => {
  const results = field(body, "results");
  const perGroup = Array.isArray(results)
    ? numbers(...results.map((group) => field(group, countField)))
    : [];
  const sum = perGroup.length === 0 ? [] : [perGroup.reduce((total, n) => total + n, 0)];
  return [...paged("results")(body), ...perGroup, ...sum];
};

/** GraphQL `count(collection, filter)` as the query's only field. */
export const graphqlCountCounts = (body: unknown) => numbers(field(field(body, "data"), "count"));

/** GraphQL `items(collection, ...)` as the query's only field: how many items came back. */
export const graphqlItemsCounts = (body: unknown) =>
  numbers(lengthOf(field(field(body, "data"), "items")));
