/**
 * @module Every route of the store as one table, shared by the HTTP fuzzer and the permission
 * matrix. A row names the route as Fastify registers it, who may call it, and a well-formed
 * request. A new route (the identity routes, say) is one row here; the coverage tests fail
 * until it has one.
 */
import { type Action, mediaNameFor } from "../../../apps/store/src/testing.ts";
import { IDENTITY_MATRIX_ROWS } from "./identity-routes.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

/**
 * Who a route admits:
 * - `data`: the caller's role against the collection's permission for `action`;
 * - `owner`: the owner's editor session only (its CSRF header on state changes);
 * - `public`: anyone (token endpoint, page, static files, session state, sign-in);
 * - `refused`: nobody gets a 2xx (calls the store does not offer);
 * - `callers`: the named kinds of caller only (lib/callers.ts), e.g. a member on their account;
 * - `role`: any caller the store grants at least this role (the Data Collections API: any
 *   credential reads definitions, admins change them).
 */
export type RouteAccess =
  | { kind: "data"; action: Action }
  | { kind: "owner" }
  | { kind: "public" }
  | { kind: "refused" }
  | { kind: "callers"; names: readonly string[] }
  | { kind: "role"; role: "visitor" | "admin" };

/** The names a request may use: the collection and an item that exists in it. */
export type Target = {
  collection: string;
  /** An item of `collection` only this row's request touches. */
  id: string;
  /** An item of the referenced collection for reference calls. */
  referencedId: string;
  /** A version in the history of `id`, which the seed removed (for the editor's restore). */
  versionId: number;
  /** The OAuth client id the store accepts. */
  clientId: string;
  /** The member the matrix's member caller signs in as (identity rows act on them). */
  memberId?: string;
  /** A member waiting for approval whom only this row's request touches (the owner's Members routes). */
  waitingMemberId: string;
  /** A collection created over the wire (permissions all admin) only this row's request touches. */
  madeCollection: string;
  /** A collection id no collection has yet, for this row's create. */
  freeCollection: string;
};

export type RouteRequest = {
  url: string;
  body?: unknown;
  /** Headers the body needs (a picture's Content-Type); JSON otherwise. */
  headers?: Record<string, string>;
};

/**
 * A small picture for the upload row (an SVG, so that the row also runs the sanitizer); the
 * store is seeded with its file for the `/media/` row.
 */
export const SAMPLE_PICTURE =
  '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';

export type RouteRow = {
  /** Unique, readable name (the matrix's row label). */
  name: string;
  method: Method;
  /** The pattern Fastify registers, without the items prefix for items routes. */
  pattern: string;
  /** Served under both data-items prefixes (`/wix-data/v2` and `/v2`). */
  items?: true;
  access: RouteAccess;
  /** A well-formed request; `url` is relative to the prefix for items routes. */
  example: (target: Target) => RouteRequest;
  /** The seed removes this row's item, so its history holds a version to restore. */
  removedItem?: true;
  /** It empties the collection: run it after the other rows. */
  emptiesCollection?: true;
  /**
   * Tables a request without credentials may change on purpose (a member's sign-up writes their
   * identity); the fuzzer's "nothing changed" check compares every other table.
   */
  mayWrite?: readonly string[];
};

/** Data items v2 under its full path and its service-path alias (protocol.md §2). */
export const ITEMS_PREFIXES = ["/wix-data/v2", "/v2"] as const;

const data = (action: Action): RouteAccess => ({ kind: "data", action });
const enc = encodeURIComponent;
const ref = (t: Target) => ({
  referringItemFieldName: "clients",
  referringItemId: t.id,
  referencedItemId: t.referencedId,
});
const gql = (query: string) => (t: Target) => ({
  url: "/graphql/alpha",
  body: { query: query.replaceAll("$C", t.collection).replaceAll("$ID", t.id) },
});
const dotR = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

const ITEM_ROWS: RouteRow[] = [
  {
    name: "query",
    method: "POST",
    pattern: "/items/query",
    access: data("read"),
    example: (t) => ({ url: "/items/query", body: { dataCollectionId: t.collection, query: {} } }),
  },
  {
    name: "query (GET .r)",
    method: "GET",
    pattern: "/items/query",
    access: data("read"),
    example: (t) => ({ url: `/items/query?.r=${dotR({ dataCollectionId: t.collection })}` }),
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
  {
    name: "truncate",
    method: "POST",
    pattern: "/items/truncate",
    access: data("remove"),
    emptiesCollection: true,
    example: (t) => ({ url: "/items/truncate", body: { dataCollectionId: t.collection } }),
  },
  ...["search", "aggregate-pipeline", "create-draft", "publish-draft", "unpublish"].map(
    (call): RouteRow => ({
      name: `${call} (not offered)`,
      method: "POST",
      pattern: `/items/${call}`,
      access: { kind: "refused" },
      example: (t) => ({ url: `/items/${call}`, body: { dataCollectionId: t.collection } }),
    }),
  ),
];

const MADE_FIELDS = [{ key: "title", type: "TEXT" }];
const ADMIN_ONLY = { read: "ADMIN", insert: "ADMIN", update: "ADMIN", remove: "ADMIN" };

/** The Data Collections API (routes/collections.ts), under both data prefixes. */
const COLLECTION_ROWS: RouteRow[] = [
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

const GRAPHQL_ROWS: RouteRow[] = [
  {
    name: "graphql items",
    method: "POST",
    pattern: "/graphql/:apiVersion",
    access: data("read"),
    example: gql('{ items(collection: "$C") { id data } }'),
  },
  {
    name: "graphql item",
    method: "POST",
    pattern: "/graphql/:apiVersion",
    access: data("read"),
    example: gql('{ item(collection: "$C", id: "$ID") { id data } }'),
  },
  {
    name: "graphql insertItem",
    method: "POST",
    pattern: "/graphql/:apiVersion",
    access: data("insert"),
    example: gql('mutation { insertItem(collection: "$C", data: {_id: "$ID-gql"}) { id } }'),
  },
  {
    name: "graphql updateItem",
    method: "POST",
    pattern: "/graphql/:apiVersion",
    access: data("update"),
    example: gql('mutation { updateItem(collection: "$C", id: "$ID", data: {title: "x"}) { id } }'),
  },
  {
    name: "graphql removeItem",
    method: "POST",
    pattern: "/graphql/:apiVersion",
    access: data("remove"),
    example: gql('mutation { removeItem(collection: "$C", id: "$ID") { id } }'),
  },
];

const OWNER_ROWS: RouteRow[] = [
  {
    name: "editor picture upload",
    method: "POST",
    pattern: "/admin/api/pictures",
    access: { kind: "owner" },
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
    access: { kind: "owner" },
    example: (t) => ({ url: `/admin/api/collections/${enc(t.collection)}/items` }),
  },
  {
    name: "editor preview",
    method: "POST",
    pattern: "/admin/api/preview",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/preview", body: { collectionId: "About", items: [] } }),
  },
  {
    name: "editor history",
    method: "GET",
    pattern: "/admin/api/history/:collectionId/:itemId",
    access: { kind: "owner" },
    example: (t) => ({ url: `/admin/api/history/${enc(t.collection)}/${enc(t.id)}` }),
  },
  {
    name: "editor removed items",
    method: "GET",
    pattern: "/admin/api/removed/:collectionId",
    access: { kind: "owner" },
    example: (t) => ({ url: `/admin/api/removed/${enc(t.collection)}` }),
  },
  {
    name: "editor restore",
    method: "POST",
    pattern: "/admin/api/history/:collectionId/:itemId/restore",
    access: { kind: "owner" },
    removedItem: true,
    example: (t) => ({
      url: `/admin/api/history/${enc(t.collection)}/${enc(t.id)}/restore`,
      body: { versionId: t.versionId, expectedUpdatedDate: null },
    }),
  },
];

const memberRow = (name: string, method: Method, action: string): RouteRow => ({
  name,
  method,
  pattern: `/admin/api/members/:memberId${action}`,
  access: { kind: "owner" },
  example: (t) => ({
    url: `/admin/api/members/${enc(t.waitingMemberId)}${action}`,
    ...(method === "POST" ? { body: {} } : {}),
  }),
});

/** The editor's Members view (issue 12): owner only, API key included among the refused. */
const MEMBER_ADMIN_ROWS: RouteRow[] = [
  {
    name: "members list",
    method: "GET",
    pattern: "/admin/api/members",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/members?search=example" }),
  },
  memberRow("member approve", "POST", "/approve"),
  memberRow("member block", "POST", "/block"),
  memberRow("member unblock", "POST", "/unblock"),
  memberRow("member activation e-mail", "POST", "/activation-email"),
  memberRow("member delete", "DELETE", ""),
  {
    name: "member settings",
    method: "PUT",
    pattern: "/admin/api/member-settings",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/member-settings", body: { requireApproval: true } }),
  },
];

/** Routes anyone may call; the matrix checks they work for every caller and change nothing. */
const PUBLIC_ROWS: RouteRow[] = [
  {
    name: "token",
    method: "POST",
    pattern: "/oauth2/token",
    access: { kind: "public" },
    example: (t) => ({
      url: "/oauth2/token",
      body: { grantType: "anonymous", clientId: t.clientId },
    }),
  },
  {
    name: "CORS preflight",
    method: "OPTIONS",
    pattern: "*",
    access: { kind: "public" },
    example: () => ({ url: "/wix-data/v2/items/query" }),
  },
  {
    name: "page",
    method: "GET",
    pattern: "/",
    access: { kind: "public" },
    example: () => ({ url: "/" }),
  },
  {
    name: "page (index.html)",
    method: "GET",
    pattern: "/index.html",
    access: { kind: "public" },
    example: () => ({ url: "/index.html" }),
  },
  {
    name: "static file",
    method: "GET",
    pattern: "/*",
    access: { kind: "public" },
    example: () => ({ url: "/humans.txt" }),
  },
  {
    name: "robots.txt",
    method: "GET",
    pattern: "/robots.txt",
    access: { kind: "public" },
    example: () => ({ url: "/robots.txt" }),
  },
  {
    name: "sitemap.xml",
    method: "GET",
    pattern: "/sitemap.xml",
    access: { kind: "public" },
    example: () => ({ url: "/sitemap.xml" }),
  },
  {
    name: "account page",
    method: "GET",
    pattern: "/account",
    access: { kind: "public" },
    example: () => ({ url: "/account" }),
  },
  {
    name: "client area page",
    method: "GET",
    pattern: "/client-area",
    access: { kind: "public" },
    example: () => ({ url: "/client-area" }),
  },
  {
    name: "picture file",
    method: "GET",
    pattern: "/media/:name",
    access: { kind: "public" },
    example: () => ({ url: `/media/${mediaNameFor(Buffer.from(SAMPLE_PICTURE), "svg")}` }),
  },
  {
    name: "editor page",
    method: "GET",
    pattern: "/admin",
    access: { kind: "public" },
    example: () => ({ url: "/admin" }),
  },
  {
    name: "editor setup page",
    method: "GET",
    pattern: "/admin/setup",
    access: { kind: "public" },
    example: () => ({ url: "/admin/setup" }),
  },
  {
    name: "editor session",
    method: "GET",
    pattern: "/admin/api/session",
    access: { kind: "public" },
    example: () => ({ url: "/admin/api/session" }),
  },
];

/**
 * Session changes: anyone may call them, but they act on the caller's own session only, so the
 * matrix leaves them to their own tests (sign-in limits, setup links) and the fuzzer covers them.
 */
export const SESSION_ROWS: RouteRow[] = [
  {
    name: "sign-in",
    method: "POST",
    pattern: "/admin/api/sign-in",
    access: { kind: "public" },
    example: () => ({ url: "/admin/api/sign-in", body: { password: "not the password" } }),
  },
  {
    name: "setup",
    method: "POST",
    pattern: "/admin/api/setup",
    access: { kind: "public" },
    example: () => ({
      url: "/admin/api/setup",
      body: { token: "not a token", password: "a password of some length" },
    }),
  },
  {
    name: "sign-out",
    method: "POST",
    pattern: "/admin/api/sign-out",
    access: { kind: "public" },
    example: () => ({ url: "/admin/api/sign-out", body: {} }),
  },
];

/** Every row the permission matrix runs. */
export const MATRIX_ROWS: RouteRow[] = [
  ...IDENTITY_MATRIX_ROWS,
  ...PUBLIC_ROWS,
  ...OWNER_ROWS,
  ...MEMBER_ADMIN_ROWS,
  ...GRAPHQL_ROWS,
  ...[...ITEM_ROWS, ...COLLECTION_ROWS].map((row) => ({ ...row, items: true as const })),
];

/** Every row of the store. */
export const ROUTE_ROWS: RouteRow[] = [...MATRIX_ROWS, ...SESSION_ROWS];

/** The row's request with the items prefix applied. */
export function requestFor(row: RouteRow, target: Target, prefix: string = ITEMS_PREFIXES[0]) {
  const request = row.example(target);
  return { ...request, url: row.items ? `${prefix}${request.url}` : request.url };
}

/** `METHOD pattern` keys of every route the table names (both prefixes for items routes). */
export function tableRouteKeys(rows: readonly RouteRow[] = ROUTE_ROWS): Set<string> {
  return new Set(
    rows.flatMap((row) =>
      row.items
        ? ITEMS_PREFIXES.map((prefix) => `${row.method} ${prefix}${row.pattern}`)
        : [`${row.method} ${row.pattern}`],
    ),
  );
}
