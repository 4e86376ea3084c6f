/** @module The Data Collections API (routes/collections.ts), under both data prefixes. */
import type { RouteRow } from "./route-row.ts";

const MADE_FIELDS = [{ key: "title", type: "TEXT" }];
const ADMIN_ONLY = { read: "ADMIN", insert: "ADMIN", update: "ADMIN", remove: "ADMIN" };

export const COLLECTION_ROWS: RouteRow[] = [
  {
    name: "collections: create",
    method: "POST",
    pattern: "/collections",
    access: { kind: "role", role: "admin" },
    example: (t) => ({
      url: "/collections",
      body: {
        collection: { id: t.freeCollection, fields: MADE_FIELDS, permissions: ADMIN_ONLY },
      },
    }),
  },
  {
    name: "collections: list",
    method: "GET",
    pattern: "/collections",
    access: { kind: "role", role: "visitor" },
    example: () => ({ url: "/collections?paging.limit=5" }),
  },
  {
    name: "collections: get",
    method: "GET",
    pattern: "/collections/:dataCollectionId",
    access: { kind: "role", role: "visitor" },
    example: (t) => ({
      url: `/collections/${t.madeCollection}?dataCollectionId=${t.madeCollection}`,
    }),
  },
  {
    name: "collections: update",
    method: "PUT",
    pattern: "/collections",
    access: { kind: "role", role: "admin" },
    example: (t) => ({
      url: "/collections",
      body: {
        collection: {
          id: t.madeCollection,
          displayName: "Renamed",
          fields: MADE_FIELDS,
          permissions: ADMIN_ONLY,
          revision: "1",
        },
      },
    }),
  },
  {
    name: "collections: patch",
    method: "PATCH",
    pattern: "/collections/:dataCollectionId",
    access: { kind: "role", role: "admin" },
    example: (t) => ({
      url: `/collections/${t.madeCollection}`,
      body: {
        dataCollection: { id: t.madeCollection, permissions: { ...ADMIN_ONLY, read: "ANYONE" } },
      },
    }),
  },
  {
    name: "collections: delete",
    method: "DELETE",
    pattern: "/collections/:dataCollectionId",
    access: { kind: "role", role: "admin" },
    example: (t) => ({
      url: `/collections/${t.madeCollection}?dataCollectionId=${t.madeCollection}`,
    }),
  },
];
