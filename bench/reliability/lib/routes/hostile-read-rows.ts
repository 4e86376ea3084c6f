/**
 * @module Read calls with hostile filters (served under both items prefixes): each tries to
 * widen what a caller reads past its permission or its share (a member under `author` reaches
 * their own items only): `$or` with a field only the seed's items hold, filters on the owner
 * field, the referenced items pulled in, and the counts and groups that would leak a secret's
 * presence. The matrix holds them to the same rule as the plain read: refused, or no seeded text,
 * and their counts (queries ask for the total) to the caller's own items (route-row.ts `countsIn`).
 */
import {
  aggregateCounts,
  countCounts,
  distinctCounts,
  graphqlCountCounts,
  graphqlItemsCounts,
  queryCounts,
} from "./counts-in.ts";
import { data, type RouteRow, type Target } from "./route-row.ts";

/** The matrix's first member (the items' owner for the "other member" caller). */
const firstMember = (t: Target) => t.memberId ?? "no member";
const dotR = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const SECRET_OR_ID = (t: Target) => ({ $or: [{ secret: { $exists: true } }, { _id: t.id }] });

/** A GraphQL read with its filter as a variable (a `$` key is no GraphQL name). */
const gqlRead = (
  query: string,
  filter: (t: Target) => unknown,
  countsIn: (body: unknown) => number[],
) => ({
  method: "POST" as const,
  pattern: "/graphql/:apiVersion",
  access: data("read"),
  example: (t: Target) => ({
    url: "/graphql/alpha",
    body: { query: query.replaceAll("$C", t.collection), variables: { f: filter(t) } },
  }),
  countsIn,
});

const query = (filter: (t: Target) => unknown, extra: Record<string, unknown> = {}) => ({
  method: "POST" as const,
  pattern: "/items/query",
  access: data("read"),
  example: (t: Target) => ({
    url: "/items/query",
    body: {
      dataCollectionId: t.collection,
      query: { filter: filter(t) },
      returnTotalCount: true,
      ...extra,
    },
  }),
  countsIn: queryCounts,
});

export const HOSTILE_READ_ROWS: RouteRow[] = [
  {
    name: "query: $or with a field only others' items hold",
    ...query(SECRET_OR_ID),
  },
  {
    name: "query (GET .r): $or with a field only others' items hold",
    method: "GET",
    pattern: "/items/query",
    access: data("read"),
    example: (t) => ({
      url: `/items/query?.r=${dotR({ dataCollectionId: t.collection, query: { filter: SECRET_OR_ID(t) }, returnTotalCount: true })}`,
    }),
    countsIn: queryCounts,
  },
  {
    name: "query: _ownerId of the first member",
    ...query((t) => ({ _ownerId: firstMember(t) })),
  },
  {
    name: "query: $and of the first member's _owner and the secret",
    ...query((t) => ({
      $and: [{ _owner: firstMember(t) }, { secret: { $startsWith: "S3CRET" } }],
    })),
  },
  {
    name: "query: $not of the caller's own items",
    ...query(() => ({ $not: { _ownerId: { $eq: "" } } })),
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
    name: "query-referenced: the first member's references, filtered",
    method: "POST",
    pattern: "/items/query-referenced",
    access: data("read"),
    example: (t) => ({
      url: "/items/query-referenced",
      body: {
        dataCollectionId: t.collection,
        referringItemId: t.id,
        referringItemFieldName: "clients",
        filter: { $or: [{ _ownerId: firstMember(t) }, { secret: { $exists: true } }] },
      },
    }),
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
    countsIn: countCounts,
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
        returnTotalCount: true,
      },
    }),
    countsIn: aggregateCounts("n"),
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
        returnTotalCount: true,
      },
    }),
    countsIn: distinctCounts,
  },
];

/** The same through GraphQL (not under the items prefixes). */
export const HOSTILE_GRAPHQL_ROWS: RouteRow[] = [
  {
    name: "graphql items: $or with the secret",
    ...gqlRead(
      'query ($f: JSON) { items(collection: "$C", filter: $f) { id data } }',
      SECRET_OR_ID,
      graphqlItemsCounts,
    ),
  },
  {
    name: "graphql count: the first member's items",
    ...gqlRead(
      'query ($f: JSON) { count(collection: "$C", filter: $f) }',
      (t) => ({ _ownerId: firstMember(t) }),
      graphqlCountCounts,
    ),
  },
];
