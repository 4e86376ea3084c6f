/**
 * @module Read calls with hostile filters (served under both items prefixes): each tries to
 * widen what a caller reads past its permission or its share (a member under `author` reaches
 * their own items only): `$or` with a field only the seed's items hold, filters on the owner
 * field, the referenced items pulled in, and the counts and groups that would leak a secret's
 * presence. The matrix holds them to the same rule as the plain read: refused, or no seeded text.
 */
import { data, type RouteRow, type Target } from "./route-row.ts";

const query = (filter: (t: Target) => unknown, extra: Record<string, unknown> = {}) => ({
  method: "POST" as const,
  pattern: "/items/query",
  access: data("read"),
  example: (t: Target) => ({
    url: "/items/query",
    body: { dataCollectionId: t.collection, query: { filter: filter(t) }, ...extra },
  }),
});

export const HOSTILE_READ_ROWS: RouteRow[] = [
  {
    name: "query: $or with a field only others' items hold",
    ...query((t) => ({ $or: [{ secret: { $exists: true } }, { _id: t.id }] })),
  },
  {
    name: "query: _ownerId of someone else",
    ...query(() => ({ _ownerId: { $ne: "nobody" } })),
  },
  {
    name: "query: _owner alias and a missing owner",
    ...query(() => ({ $or: [{ _owner: { $exists: true } }, { _ownerId: { $exists: false } }] })),
  },
  {
    name: "query: referenced items pulled in",
    ...query(() => ({}), { includeReferencedItems: ["clients"] }),
  },
  {
    name: "count: $or around the owner field",
    method: "POST",
    pattern: "/items/count",
    access: data("read"),
    example: (t) => ({
      url: "/items/count",
      body: {
        dataCollectionId: t.collection,
        filter: { $or: [{ _ownerId: { $exists: true } }, { secret: { $startsWith: "S3CRET" } }] },
      },
    }),
  },
  {
    name: "aggregate: grouped by the secret",
    method: "POST",
    pattern: "/items/aggregate",
    access: data("read"),
    example: (t) => ({
      url: "/items/aggregate",
      body: {
        dataCollectionId: t.collection,
        initialFilter: { $or: [{ _ownerId: { $exists: true } }, { _id: { $exists: true } }] },
        aggregation: {
          groupingFields: ["secret"],
          operations: [{ resultFieldName: "n", itemCount: {} }],
        },
      },
    }),
  },
  {
    name: "distinct: the secret under an $or",
    method: "POST",
    pattern: "/items/query-distinct-values",
    access: data("read"),
    example: (t) => ({
      url: "/items/query-distinct-values",
      body: {
        dataCollectionId: t.collection,
        fieldName: "secret",
        filter: { $or: [{ _ownerId: { $exists: false } }, { _ownerId: { $exists: true } }] },
      },
    }),
  },
];
