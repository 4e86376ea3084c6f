/**
 * @module Drafts and publishing: the editor's drafts, publications and preview-link
 * routes (the owner's or a collaborator's session), and the preview page (anyone with a live
 * link's secret; the store seeds one, `seedDrafts`).
 */
import { createItemsStore, type Db, hashToken } from "../../../../apps/store/src/main/testing.ts";
import { enc, type RouteRow } from "./route-row.ts";

/** A live preview link's secret (43 base64url characters, as the store makes them). */
export const PREVIEW_SECRET = "reliability-preview-secret-0123456789abcdef";
/** A live page item the unpublish row plans to take off. */
const LIVE_ITEM = "drafts-live";
const DAY_MS = 24 * 60 * 60 * 1000;
const inAMonth = () => new Date(Date.now() + 30 * DAY_MS).toISOString();

/** The live item and the preview link the rows need. */
export function seedDrafts(db: Db, now: number): void {
  createItemsStore(db).insert(
    "About",
    { _id: LIVE_ITEM, title_fld: "About", data: "Live text" },
    { now, ownerId: "seed" },
  );
  db.prepare(
    `INSERT INTO preview_links (id, secret_hash, label, created_at, expires_at, created_by)
     VALUES ('seeded-link', ?, 'Seeded', ?, ?, 'seed')`,
  ).run(hashToken(PREVIEW_SECRET), now, now + 365 * DAY_MS);
}

export const DRAFTS_ROWS: RouteRow[] = [
  {
    name: "drafts list",
    method: "GET",
    pattern: "/admin/api/drafts",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/drafts?collectionId=About" }),
  },
  {
    name: "drafts save",
    method: "PUT",
    pattern: "/admin/api/drafts",
    access: { kind: "staff" },
    example: () => ({
      url: "/admin/api/drafts",
      body: {
        collectionId: "About",
        changes: [
          { itemId: "drafts-new", kind: "put", data: { title_fld: "About", data: "Draft" } },
        ],
      },
    }),
  },
  {
    name: "drafts discard",
    method: "DELETE",
    pattern: "/admin/api/drafts",
    access: { kind: "staff" },
    example: () => ({
      url: "/admin/api/drafts",
      body: { collectionId: "About", itemIds: ["none"] },
    }),
  },
  {
    name: "drafts publish",
    method: "POST",
    pattern: "/admin/api/drafts/publish",
    access: { kind: "staff" },
    example: () => ({
      url: "/admin/api/drafts/publish",
      body: { collectionId: "About", itemIds: ["none"], at: inAMonth() },
    }),
  },
  {
    name: "drafts unpublish",
    method: "POST",
    pattern: "/admin/api/drafts/unpublish",
    access: { kind: "staff" },
    example: () => ({
      url: "/admin/api/drafts/unpublish",
      body: { collectionId: "About", itemId: LIVE_ITEM, at: inAMonth() },
    }),
  },
  {
    name: "publications",
    method: "GET",
    pattern: "/admin/api/publications",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/publications" }),
  },
  {
    name: "preview links",
    method: "GET",
    pattern: "/admin/api/preview-links",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/preview-links" }),
  },
  {
    name: "preview link create",
    method: "POST",
    pattern: "/admin/api/preview-links",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/preview-links", body: { label: "For a friend" } }),
  },
  {
    name: "preview link revoke",
    method: "DELETE",
    pattern: "/admin/api/preview-links/:id",
    access: { kind: "staff" },
    example: () => ({ url: `/admin/api/preview-links/${enc("no-such-link")}` }),
  },
  {
    name: "preview page",
    method: "GET",
    pattern: "/preview/:secret",
    access: { kind: "public" },
    example: () => ({ url: `/preview/${PREVIEW_SECRET}` }),
    // Every look-up is counted against its address first (guessing is limited).
    mayWrite: ["rate_limits"],
  },
];
