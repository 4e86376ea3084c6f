/**
 * @module Data items v2's single-item calls (served under both items prefixes): reads, writes,
 * the truncate that empties the collection, and the calls the store does not offer.
 */
import { aggregateCounts, countCounts, distinctCounts, queryCounts } from "./counts-in.ts";
import { data, enc, type RouteRow } from "./route-row.ts";

const dotR = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

export const ITEM_ROWS: RouteRow[] = [
  {
    name: "query",
    method: "POST",
    pattern: "/items/query",
    access: data("read"),
    example: (t) => ({ url: "/items/query", body: { dataCollectionId: t.collection, query: {} } }),
    countsIn: queryCounts,
  },
  {
    name: "query (GET .r)",
    method: "GET",
    pattern: "/items/query",
    access: data("read"),
    example: (t) => ({ url: `/items/query?.r=${dotR({ dataCollectionId: t.collection })}` }),
    countsIn: queryCounts,
  },
  {
    name: "get",
    method: "GET",
    pattern: "/items/:dataItemId",
    access: data("read"),
    example: (t) => ({ url: `/items/${enc(t.id)}?dataCollectionId=${enc(t.collection)}` }),
  },
  {
    name: "get (POST)",
    method: "POST",
    pattern: "/items/:dataItemId",
    access: data("read"),
    example: (t) => ({ url: `/items/${enc(t.id)}`, body: { dataCollectionId: t.collection } }),
  },
  {
    name: "count",
    method: "POST",
    pattern: "/items/count",
    access: data("read"),
    example: (t) => ({ url: "/items/count", body: { dataCollectionId: t.collection } }),
    countsIn: countCounts,
  },
  {
    name: "distinct",
    method: "POST",
    pattern: "/items/query-distinct-values",
    access: data("read"),
    example: (t) => ({
      url: "/items/query-distinct-values",
      body: { dataCollectionId: t.collection, fieldName: "secret" },
    }),
    countsIn: distinctCounts,
  },
  {
    name: "aggregate",
    method: "POST",
    pattern: "/items/aggregate",
    access: data("read"),
    example: (t) => ({
      url: "/items/aggregate",
      body: {
        dataCollectionId: t.collection,
        aggregation: {
          groupingFields: ["secret"],
          operations: [{ resultFieldName: "n", itemCount: {} }],
        },
      },
    }),
    countsIn: aggregateCounts("n"),
  },
  {
    name: "insert",
    method: "POST",
    pattern: "/items",
    access: data("insert"),
    example: (t) => ({
      url: "/items",
      body: { dataCollectionId: t.collection, dataItem: { data: { _id: `${t.id}-new` } } },
    }),
  },
  {
    name: "update",
    method: "POST",
    pattern: "/items/update",
    access: data("update"),
    example: (t) => ({
      url: "/items/update",
      body: { dataCollectionId: t.collection, dataItem: { data: { _id: t.id, title: "x" } } },
    }),
  },
  {
    name: "update (PUT)",
    method: "PUT",
    pattern: "/items/:dataItemId",
    access: data("update"),
    example: (t) => ({
      url: `/items/${enc(t.id)}`,
      body: { dataCollectionId: t.collection, dataItem: { data: { title: "x" } } },
    }),
  },
  {
    name: "save",
    method: "POST",
    pattern: "/items/save",
    access: data("update"),
    example: (t) => ({
      url: "/items/save",
      body: { dataCollectionId: t.collection, dataItem: { data: { _id: t.id, title: "x" } } },
    }),
  },
  {
    name: "patch",
    method: "POST",
    pattern: "/items/patch",
    access: data("update"),
    example: (t) => ({
      url: "/items/patch",
      body: {
        dataCollectionId: t.collection,
        patch: {
          dataItemId: t.id,
          fieldModifications: [
            { fieldPath: "title", action: "SET_FIELD", setFieldOptions: { value: "x" } },
          ],
        },
      },
    }),
  },
  {
    name: "remove",
    method: "POST",
    pattern: "/items/remove",
    access: data("remove"),
    example: (t) => ({
      url: "/items/remove",
      body: { dataCollectionId: t.collection, dataItemId: t.id },
    }),
  },
  {
    name: "remove (DELETE)",
    method: "DELETE",
    pattern: "/items/:dataItemId",
    access: data("remove"),
    example: (t) => ({ url: `/items/${enc(t.id)}?dataCollectionId=${enc(t.collection)}` }),
  },
];

export const TRUNCATE_ROW: RouteRow = {
  name: "truncate",
  method: "POST",
  pattern: "/items/truncate",
  access: data("remove"),
  emptiesCollection: true,
  example: (t) => ({ url: "/items/truncate", body: { dataCollectionId: t.collection } }),
};

export const NOT_OFFERED_ROWS: RouteRow[] = [
  "search",
  "aggregate-pipeline",
  "create-draft",
  "publish-draft",
  "unpublish",
].map(
  (call): RouteRow => ({
    name: `${call} (not offered)`,
    method: "POST",
    pattern: `/items/${call}`,
    access: { kind: "refused" },
    example: (t) => ({ url: `/items/${call}`, body: { dataCollectionId: t.collection } }),
  }),
);
