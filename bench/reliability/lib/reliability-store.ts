/**
 * @module The real store, in process, prepared for the reliability figures: an owner password,
 * an API key, a collection pair (`Vault` with a `clients` reference field into `VaultRefs`)
 * seeded with one item per route row, and a stand-in built site so the page, the static files
 * and the editor's preview are served.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import {
  createAccessStore,
  createApiKeys,
  createApp,
  createCollectionsStore,
  createIdentityStore,
  createItemsStore,
  createMediaFiles,
  type Db,
  ownerPasswordHash as hashOnce,
  type IdentityConfig,
  type Permissions,
  quoteName,
  STAND_IN_PAGES,
  setOwnerPassword,
  writeStandInSite,
} from "../../../apps/store/src/main/testing.ts";
import { type Engine, openEngineDb, SQLITE } from "./engine.ts";
import { seedBookings, seededBookingTarget } from "./routes/booking-seed.ts";
import { seedDrafts } from "./routes/drafts-rows.ts";
import { SAMPLE_PDF, seededFileId, seededShareId } from "./routes/file-rows.ts";
import { seedInvites } from "./routes/invite-rows.ts";
import { seedReview } from "./routes/review-rows.ts";
import { type RouteRow, SAMPLE_PICTURE, type Target } from "./routes/route-row.ts";

export const OWNER_PASSWORD = "reliability owner password";
export const CLIENT_ID = "reliability";
export const PUBLIC_URL = "https://reliability.example";
export const SIGNING_KEY = new Uint8Array(32).fill(11);
export const COLLECTION = "Vault";
export const REFERENCED_COLLECTION = "VaultRefs";
/** In every seeded item: a read that should have been refused shows up in the body. */
export const SECRET_MARK = "S3CRET-mark";
/** In every seeded item of the referenced collection only (a stricter read permission there). */
export const REFERENCED_MARK = "R3FERENCED-mark";

/** Members without a mailed code and without sign-up or sign-in limits (load and crash writers). */
export const MEMBER_WRITER_IDENTITY_CONFIG: Partial<IdentityConfig> = {
  requireEmailVerification: false,
  registerMaxPerAddress: 1_000_000,
  loginMaxPerAddress: 1_000_000,
  loginMaxPerEmail: 1_000_000,
};
export const MEMBER_PASSWORD = "reliability member password";

export type ReliabilityStore = {
  app: FastifyInstance;
  db: Db;
  apiKey: string;
  /** The seeded target of each row, by row name. */
  targets: Map<string, Target>;
};

/** The owner password's argon2id hash, computed once per process. */
export function ownerPasswordHash(): Promise<string> {
  return hashOnce(OWNER_PASSWORD);
}

/**
 * A built-site stand-in (the page is the content as JSON in the template) with a static file
 * and the members' pages, so the static and member-page rows are served.
 */
export function createStandInSite(): string {
  const memberPage = '<html><body><div id="member-root"></div></body></html>';
  return writeStandInSite({
    client: {
      ...STAND_IN_PAGES,
      "humans.txt": "A stand-in static file.\n",
      "account.html": memberPage,
      "client-area.html": memberPage,
    },
  });
}

/**
 * Adds the two collections and their reference field, with the given permissions (the
 * referenced collection's own when given).
 */
export function addVault(db: Db, permissions: Permissions, referenced = permissions): void {
  const add = db.prepare("INSERT INTO collections (id, display_name) VALUES (?, ?)");
  add.run(COLLECTION, COLLECTION);
  add.run(REFERENCED_COLLECTION, REFERENCED_COLLECTION);
  db.prepare(
    "INSERT INTO reference_fields (collection_id, field, referenced_collection_id) VALUES (?, 'clients', ?)",
  ).run(COLLECTION, REFERENCED_COLLECTION);
  const access = createAccessStore(db);
  access.setPermissions(COLLECTION, permissions);
  access.setPermissions(REFERENCED_COLLECTION, referenced);
}

/**
 * One item (and one referenced item and reference), one member awaiting approval and one
 * collection made over the wire per row; restore rows get a removed item.
 */
export function seedTargets(db: Db, rows: readonly RouteRow[], now: number): Map<string, Target> {
  const store = createItemsStore(db);
  const collections = createCollectionsStore(db);
  const identities = createIdentityStore(db);
  const targets = new Map<string, Target>();
  const addReference = db.prepare(
    "INSERT INTO item_references (collection_id, field, referring_id, referenced_id) VALUES (?, 'clients', ?, ?)",
  );
  const addMessage = db.prepare(
    "INSERT INTO contact_messages (id, name, email, message, status, created_at) VALUES (?, 'Seed', 'seed@example.com', 'seeded', 'new', ?)",
  );
  const lastVersion = db.prepare<[string, string], { version: number | string | null }>(
    "SELECT max(version_id) AS version FROM item_history WHERE collection_id = ? AND item_id = ?",
  );
  rows.forEach((row, index) => {
    const id = `t${index}`;
    const referencedId = `r${index}`;
    const meta = { now, ownerId: "seed" };
    store.insert(COLLECTION, { _id: id, title: "seeded", secret: `${SECRET_MARK} ${id}` }, meta);
    store.insert(
      REFERENCED_COLLECTION,
      { _id: referencedId, secret: `${SECRET_MARK} ${REFERENCED_MARK}` },
      meta,
    );
    addReference.run(COLLECTION, id, referencedId);
    const waitingMemberId = `m${index}`;
    identities.insert({
      id: waitingMemberId,
      email: `${waitingMemberId}@example.com`,
      emailVerified: true,
      passwordHash: null,
      status: "PENDING",
      reasons: ["PENDING_ADMIN_APPROVAL_REQUIRED"],
      profile: {},
      now,
    });
    const madeCollection = `Made${index}`;
    collections.insert(
      {
        id: madeCollection,
        displayName: madeCollection,
        displayField: null,
        fields: [{ key: "title", type: "TEXT" }],
        permissions: { read: "admin", insert: "admin", update: "admin", remove: "admin" },
      },
      now,
    );
    const messageId = `c${index}`;
    addMessage.run(messageId, now);
    let versionId = 0;
    if (row.removedItem) {
      store.remove(COLLECTION, id);
      versionId = Number(lastVersion.get(COLLECTION, id)?.version ?? 0);
    }
    targets.set(row.name, {
      collection: COLLECTION,
      id,
      referencedId,
      versionId,
      clientId: CLIENT_ID,
      waitingMemberId,
      madeCollection,
      freeCollection: `New${index}`,
      messageId,
      booking: seededBookingTarget(SIGNING_KEY, { id }, now),
    });
  });
  return targets;
}

/** Each row's private file (its bytes and row), shared with all members (files rows). */
function seedFiles(db: Db, dir: string, targets: Map<string, Target>, now: number): void {
  const addFile = db.prepare(
    `INSERT INTO files (id, name, type, size, sha256, uploaded_by, created_at)
     VALUES (?, 'seeded.pdf', 'application/pdf', ?, '', NULL, ?)`,
  );
  const addShare = db.prepare(
    "INSERT INTO file_shares (id, all_members, created_at) VALUES (?, 1, ?)",
  );
  const addShareFile = db.prepare("INSERT INTO file_share_files (share_id, file_id) VALUES (?, ?)");
  for (const target of targets.values()) {
    const fileId = seededFileId(target);
    writeFileSync(join(dir, fileId), SAMPLE_PDF);
    addFile.run(fileId, SAMPLE_PDF.length, now);
    addShare.run(seededShareId(target), now);
    addShareFile.run(seededShareId(target), fileId);
  }
}

/** The collaborator the matrix signs in as (its password is the owner's). */
export const COLLABORATOR_EMAIL = "assistant@example.com";

/**
 * Two collaborators (role editor): one the matrix's collaborator caller signs in as, one the
 * owner's remove row deletes (staff-rows.ts).
 */
function seedCollaborators(db: Db, passwordHash: string, now: number): void {
  const identities = createIdentityStore(db);
  for (const [id, email] of [
    ["collaborator-signed-in", COLLABORATOR_EMAIL],
    ["collaborator-to-remove", "removed@example.com"],
  ] as const) {
    identities.insert({
      id,
      email,
      emailVerified: true,
      passwordHash,
      status: "ACTIVE",
      reasons: [],
      profile: {},
      now,
      role: "editor",
    });
  }
}

export type CreateReliabilityStoreOptions = {
  /** SQLite when omitted. */
  engine?: Engine;
  /** SQLite's database file; in memory when omitted. */
  file?: string;
  permissions: Permissions;
  /** The referenced collection's permissions; `permissions` when omitted. */
  referencedPermissions?: Permissions;
  rows: readonly RouteRow[];
  siteDir: string;
  now?: () => number;
};

/** The store on a fresh database, seeded for `rows`, not listening (inject or listen). */
export async function createReliabilityStore(
  options: CreateReliabilityStoreOptions,
): Promise<ReliabilityStore> {
  const now = options.now ?? Date.now;
  const db = openEngineDb(options.engine ?? SQLITE, options.file);
  await setOwnerPassword(db, { password: OWNER_PASSWORD, now });
  seedCollaborators(db, await ownerPasswordHash(), now());
  // The matrix holds each role to its rights; the owner's review, which holds a collaborator's
  // live writes back (on by default), is tested in apps/store/src/owner/review/.
  createAccessStore(db).setCollaboratorsReviewed(false);
  const apiKey = createApiKeys(createAccessStore(db), now).rotate();
  addVault(db, options.permissions, options.referencedPermissions);
  const targets = seedTargets(db, options.rows, now());
  seedDrafts(db, now());
  seedReview(db, now());
  const mediaDir = mkdtempSync(join(tmpdir(), "reliability-media-"));
  createMediaFiles(mediaDir).write(Buffer.from(SAMPLE_PICTURE), "svg");
  const filesDir = mkdtempSync(join(tmpdir(), "reliability-files-"));
  seedFiles(db, filesDir, targets, now());
  seedInvites(db, targets.values(), now());
  seedBookings(db, targets.values(), now());
  const app = createApp({
    db,
    config: { clientId: CLIENT_ID, signingKey: SIGNING_KEY },
    // Mailed links need the store's public origin (PUBLIC_URL); callers here are not on loopback.
    identity: { config: { publicUrl: PUBLIC_URL } },
    now,
    site: { dir: options.siteDir },
    media: { dir: mediaDir },
    files: { dir: filesDir },
  });
  app.addHook("onClose", async () => {
    db.close();
    rmSync(mediaDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
  });
  return { app, db, apiKey, targets };
}

/**
 * How many items of `collection` are `ownerId`'s own: their `_ownerId`, the field the store's
 * `author` scope filters on (member-share.ts), not the `owner_id` column beside it.
 */
export function ownedItemCount(db: Db, collection: string, ownerId: string): number {
  const owner =
    db.dialect === "postgres" ? "data ->> '_ownerId'" : "json_extract(data, '$._ownerId')";
  const row = db
    .prepare<[string, string], { n: number | string }>(
      `SELECT count(*) AS n FROM items WHERE collection_id = ? AND ${owner} = ?`,
    )
    .get(collection, ownerId);
  return Number(row?.n ?? 0);
}

// Every table the database has is compared. An owner session's row is touched on each use, so
// its last-use time is left out (its other columns are compared); the attempt counters
// (rate_limits) are compared whole: only rows naming it in `mayWrite` may count an attempt.
const SKIPPED_TABLES = new Set(["sqlite_sequence"]);
const SKIPPED_COLUMNS: Record<string, string> = { owner_sessions: "last_seen_at" };

function columnsOf(db: Db, table: string): string {
  const skipped = SKIPPED_COLUMNS[table];
  if (skipped === undefined) return "*";
  const sql =
    db.dialect === "sqlite"
      ? `SELECT name FROM pragma_table_info('${table}') ORDER BY cid`
      : `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '${table}' ORDER BY ordinal_position`;
  return db
    .prepare<[], { name: string }>(sql)
    .all()
    .map((row) => row.name)
    .filter((name) => name !== skipped)
    .map(quoteName)
    .join(", ");
}
const dumpReaders = new WeakMap<Db, () => [string, string][]>();

function sqliteReader(db: Db): () => [string, string][] {
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all()
    .map((row) => row.name)
    .filter((name) => !SKIPPED_TABLES.has(name));
  const statements = tables.map((table) => ({
    table,
    rows: db.prepare(`SELECT ${columnsOf(db, table)} FROM ${quoteName(table)}`),
  }));
  return () => statements.map(({ table, rows }) => [table, JSON.stringify(rows.all())]);
}

/**
 * PostgreSQL keeps no row order, so each table is read as its rows' text, sorted, and hashed on
 * the server: one round trip for every table.
 */
function postgresReader(db: Db): () => [string, string][] {
  const tables = db
    .prepare<[], { name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name",
    )
    .all()
    .map((row) => row.name)
    .filter((name) => !SKIPPED_TABLES.has(name));
  const sql = tables
    .map((table) => {
      const name = quoteName(table);
      return `SELECT '${table}' AS name, (SELECT coalesce(md5(string_agg(t::text, E'\\n' ORDER BY t::text)), '') FROM (SELECT ${columnsOf(db, table)} FROM ${name}) t) AS rows`;
    })
    .join(" UNION ALL ");
  const statement = db.prepare<[], { name: string; rows: string }>(sql);
  return () => statement.all().map((row) => [row.name, row.rows]);
}

function tableReader(db: Db): () => [string, string][] {
  let reader = dumpReaders.get(db);
  if (reader === undefined) {
    reader = db.dialect === "sqlite" ? sqliteReader(db) : postgresReader(db);
    dumpReaders.set(db, reader);
  }
  return reader;
}

/**
 * Every row of every table the content and credentials live in, one string per table (on
 * PostgreSQL a hash of it): equal strings mean byte-for-byte equal rows. Every table the
 * database lists is read; of an owner session only its last-use time is left out.
 */
export function dumpTables(db: Db): Map<string, string> {
  return new Map(tableReader(db)());
}

/** `dumpTables` as one string: equal strings mean byte-for-byte equal content. */
export function dumpContent(db: Db): string {
  return [...dumpTables(db)].map(([table, rows]) => `${table}:${rows}`).join("\n");
}
