/** @module The editor's content API (`/admin/api/...`): the owner's or a collaborator's session. */
import { enc, type RouteRow, SAMPLE_PICTURE } from "./route-row.ts";

export const OWNER_ROWS: RouteRow[] = [
  {
    name: "editor picture upload",
    method: "POST",
    pattern: "/admin/api/pictures",
    access: { kind: "staff" },
    example: () => ({
      url: "/admin/api/pictures?slot=client-logo&alt=Sample%20client",
      body: SAMPLE_PICTURE,
      headers: { "content-type": "image/svg+xml" },
    }),
  },
  {
    name: "editor items",
    method: "GET",
    pattern: "/admin/api/collections/:collectionId/items",
    access: { kind: "staff" },
    example: (t) => ({ url: `/admin/api/collections/${enc(t.collection)}/items` }),
  },
  {
    name: "editor preview",
    method: "POST",
    pattern: "/admin/api/preview",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/preview", body: { collectionId: "About", items: [] } }),
  },
  {
    name: "editor history",
    method: "GET",
    pattern: "/admin/api/history/:collectionId/:itemId",
    access: { kind: "staff" },
    example: (t) => ({ url: `/admin/api/history/${enc(t.collection)}/${enc(t.id)}` }),
  },
  {
    name: "editor removed items",
    method: "GET",
    pattern: "/admin/api/removed/:collectionId",
    access: { kind: "staff" },
    example: (t) => ({ url: `/admin/api/removed/${enc(t.collection)}` }),
  },
  {
    name: "editor restore",
    method: "POST",
    pattern: "/admin/api/history/:collectionId/:itemId/restore",
    access: { kind: "staff" },
    removedItem: true,
    example: (t) => ({
      url: `/admin/api/history/${enc(t.collection)}/${enc(t.id)}/restore`,
      body: { versionId: t.versionId, expectedUpdatedDate: null },
    }),
  },
];
