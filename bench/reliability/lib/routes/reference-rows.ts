/** @module Data items v2's reference calls, single and bulk (served under both items prefixes). */
import { data, type RouteRow, type Target } from "./route-row.ts";

const ref = (t: Target) => ({
  referringItemFieldName: "clients",
  referringItemId: t.id,
  referencedItemId: t.referencedId,
});

export const REFERENCE_ROWS: RouteRow[] = [
  {
    name: "query-referenced",
    method: "POST",
    pattern: "/items/query-referenced",
    access: data("read"),
    example: (t) => ({
      url: "/items/query-referenced",
      body: {
        dataCollectionId: t.collection,
        referringItemId: t.id,
        referringItemFieldName: "clients",
      },
    }),
  },
  {
    name: "is-referenced",
    method: "POST",
    pattern: "/items/is-referenced",
    access: data("read"),
    example: (t) => ({
      url: "/items/is-referenced",
      body: { dataCollectionId: t.collection, ...ref(t) },
    }),
  },
  {
    name: "insert-reference",
    method: "POST",
    pattern: "/items/insert-reference",
    access: data("update"),
    example: (t) => ({
      url: "/items/insert-reference",
      body: { dataCollectionId: t.collection, dataItemReference: ref(t) },
    }),
  },
  {
    name: "remove-reference",
    method: "POST",
    pattern: "/items/remove-reference",
    access: data("update"),
    example: (t) => ({
      url: "/items/remove-reference",
      body: { dataCollectionId: t.collection, dataItemReference: ref(t) },
    }),
  },
  {
    name: "replace-references",
    method: "POST",
    pattern: "/items/replace-references",
    access: data("update"),
    example: (t) => ({
      url: "/items/replace-references",
      body: {
        dataCollectionId: t.collection,
        referringItemFieldName: "clients",
        referringItemId: t.id,
        newReferencedItemIds: [],
      },
    }),
  },
  {
    name: "bulk insert-references",
    method: "POST",
    pattern: "/bulk/items/insert-references",
    access: data("update"),
    example: (t) => ({
      url: "/bulk/items/insert-references",
      body: { dataCollectionId: t.collection, dataItemReferences: [ref(t)] },
    }),
  },
  {
    name: "bulk remove-references",
    method: "POST",
    pattern: "/bulk/items/remove-references",
    access: data("update"),
    example: (t) => ({
      url: "/bulk/items/remove-references",
      body: { dataCollectionId: t.collection, dataItemReferences: [ref(t)] },
    }),
  },
];
