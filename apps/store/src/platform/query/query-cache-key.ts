/**
 * @module The cache key of a query response: everything the response bytes depend on besides
 * the data. That is the resolved request (the raw filter and sort included, since cursors carry
 * them), the referenced items it includes and the caller's role.
 */
import type { ResolvedQuery } from "./parse-query.ts";

export function queryCacheKey(
  query: ResolvedQuery,
  role: string,
  includes: readonly { field: string; limit: number }[] = [],
): string {
  return JSON.stringify([
    role,
    includes,
    query.collectionId,
    query.paging,
    query.offset,
    query.limit,
    query.returnTotalCount,
    query.fields,
    query.rawFilter,
    query.rawSort,
  ]);
}
