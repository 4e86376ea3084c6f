/** @module Data items v2's bulk calls on items (served under both items prefixes). */
import { data, type RouteRow } from "./route-row.ts";

export const BULK_ROWS: RouteRow[] = [
  {
    name: "bulk insert",
    method: "POST",
    pattern: "/bulk/items/insert",
    access: data("insert"),
    example: (t) => ({
      url: "/bulk/items/insert",
      body: { dataCollectionId: t.collection, dataItems: [{ data: { _id: `${t.id}-bulk` } }] },
    }),
  },
  {
    name: "bulk update",
    method: "POST",
    pattern: "/bulk/items/update",
    access: data("update"),
    example: (t) => ({
      url: "/bulk/items/update",
      body: { dataCollectionId: t.collection, dataItems: [{ data: { _id: t.id, title: "x" } }] },
    }),
  },
  {
    name: "bulk save",
    method: "POST",
    pattern: "/bulk/items/save",
    access: data("update"),
    example: (t) => ({
      url: "/bulk/items/save",
      body: { dataCollectionId: t.collection, dataItems: [{ data: { _id: t.id, title: "x" } }] },
    }),
  },
  {
    name: "bulk patch",
    method: "POST",
    pattern: "/bulk/items/patch",
    access: data("update"),
    example: (t) => ({
      url: "/bulk/items/patch",
      body: {
        dataCollectionId: t.collection,
        patches: [
          {
            dataItemId: t.id,
            fieldModifications: [{ fieldPath: "title", action: "REMOVE_FIELD" }],
          },
        ],
      },
    }),
  },
  {
    name: "bulk remove",
    method: "POST",
    pattern: "/bulk/items/remove",
    access: data("remove"),
    example: (t) => ({
      url: "/bulk/items/remove",
      body: { dataCollectionId: t.collection, dataItemIds: [t.id] },
    }),
  },
];
