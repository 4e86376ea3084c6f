/**
 * @module All SQL for drafts and publishing: pending changes (`pending_changes`), the
 * publication records (`publications`) and preview links (`preview_links`, secrets as digests).
 * A due change is claimed by deleting its row (`claimDue`): inside the transaction that applies
 * it, so on any number of nodes only one claim of a change returns it. Only `db/` branches on
 * the engine: PostgreSQL skips a row another node holds.
 */
import type { ItemData } from "../../data/index.ts";
import type { Db } from "../../platform/db/sql-db.ts";

export type ChangeKind = "put" | "remove";

export type StoredChange = {
  collectionId: string;
  itemId: string;
  kind: ChangeKind;
  data: ItemData | null;
  publishAt: number | null;
  savedBy: string;
  savedAt: number;
  scheduledBy: string | null;
};

export type StoredPublication = {
  id: number;
  collectionId: string;
  itemId: string;
  kind: ChangeKind;
  publishedAt: number;
  publishedBy: string | null;
  scheduledBy: string | null;
};

export type StoredPreviewLink = {
  id: string;
  label: string;
  createdAt: number;
  expiresAt: number;
  createdBy: string;
};

type ChangeRow = {
  collection_id: string;
  item_id: string;
  kind: ChangeKind;
  data: string | null;
  publish_at: number | string | null;
  saved_by: string;
  saved_at: number | string;
  scheduled_by: string | null;
};

type PublicationRow = {
  id: number | string;
  collection_id: string;
  item_id: string;
  kind: ChangeKind;
  published_at: number | string;
  published_by: string | null;
  scheduled_by: string | null;
};

type LinkRow = {
  id: string;
  label: string;
  created_at: number | string;
  expires_at: number | string;
  created_by: string;
};

const CHANGE_COLUMNS =
  "collection_id, item_id, kind, data, publish_at, saved_by, saved_at, scheduled_by";
const PUBLICATION_COLUMNS =
  "id, collection_id, item_id, kind, published_at, published_by, scheduled_by";
/** Publication records listed at once. */
export const PUBLICATIONS_LISTED = 100;
/** Due changes one scheduler pass takes at most; the next pass takes the rest. */
const DUE_BATCH = 200;

function toChange(row: ChangeRow): StoredChange {
  return {
    collectionId: row.collection_id,
    itemId: row.item_id,
    kind: row.kind,
    data: row.data === null ? null : (JSON.parse(row.data) as ItemData),
    publishAt: row.publish_at === null ? null : Number(row.publish_at),
    savedBy: row.saved_by,
    savedAt: Number(row.saved_at),
    scheduledBy: row.scheduled_by,
  };
}

function toPublication(row: PublicationRow): StoredPublication {
  return {
    id: Number(row.id),
    collectionId: row.collection_id,
    itemId: row.item_id,
    kind: row.kind,
    publishedAt: Number(row.published_at),
    publishedBy: row.published_by,
    scheduledBy: row.scheduled_by,
  };
}

function toLink(row: LinkRow): StoredPreviewLink {
  return {
    id: row.id,
    label: row.label,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    createdBy: row.created_by,
  };
}

export type ChangeKey = { collectionId: string; itemId: string; kind: ChangeKind };

export type DraftsStore = ReturnType<typeof createDraftsStore>;

export function createDraftsStore(db: Db) {
  const statements = {
    upsert: db.prepare(
      `INSERT INTO pending_changes (${CHANGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (collection_id, item_id, kind) DO UPDATE SET data = excluded.data,
         publish_at = excluded.publish_at, saved_by = excluded.saved_by,
         saved_at = excluded.saved_at, scheduled_by = excluded.scheduled_by`,
    ),
    all: db.prepare<[], ChangeRow>(
      `SELECT ${CHANGE_COLUMNS} FROM pending_changes ORDER BY collection_id, saved_at, item_id, kind`,
    ),
    ofCollection: db.prepare<[string], ChangeRow>(
      `SELECT ${CHANGE_COLUMNS} FROM pending_changes WHERE collection_id = ?
       ORDER BY saved_at, item_id, kind`,
    ),
    get: db.prepare<[string, string, string], ChangeRow>(
      `SELECT ${CHANGE_COLUMNS} FROM pending_changes
       WHERE collection_id = ? AND item_id = ? AND kind = ?`,
    ),
    remove: db.prepare<[string, string, string]>(
      "DELETE FROM pending_changes WHERE collection_id = ? AND item_id = ? AND kind = ?",
    ),
    schedule: db.prepare<[number | null, string | null, string, string, string], ChangeRow>(
      `UPDATE pending_changes SET publish_at = ?, scheduled_by = ?
       WHERE collection_id = ? AND item_id = ? AND kind = ? RETURNING ${CHANGE_COLUMNS}`,
    ),
    due: db.prepare<[number, number], ChangeRow>(
      `SELECT ${CHANGE_COLUMNS} FROM pending_changes WHERE publish_at <= ?
       ORDER BY publish_at, collection_id, item_id, kind LIMIT ?`,
    ),
    nextDue: db.prepare<[], { at: number | string | null }>(
      "SELECT min(publish_at) AS at FROM pending_changes WHERE publish_at IS NOT NULL",
    ),
    claim: db.prepare<[string, string, string], ChangeRow>(
      `DELETE FROM pending_changes WHERE collection_id = ? AND item_id = ? AND kind = ?
       RETURNING ${CHANGE_COLUMNS}`,
    ),
    // PostgreSQL: a row another node is publishing is skipped, not waited for (this node's
    // thread would stall until that node commits); SQLite has one writer at a time.
    claimDue: db.prepare<[string, string, string, number], ChangeRow>(
      db.dialect === "postgres"
        ? `DELETE FROM pending_changes WHERE (collection_id, item_id, kind) IN (
             SELECT collection_id, item_id, kind FROM pending_changes
             WHERE collection_id = ? AND item_id = ? AND kind = ? AND publish_at <= ?
             FOR UPDATE SKIP LOCKED)
           RETURNING ${CHANGE_COLUMNS}`
        : `DELETE FROM pending_changes
           WHERE collection_id = ? AND item_id = ? AND kind = ? AND publish_at <= ?
           RETURNING ${CHANGE_COLUMNS}`,
    ),
    addPublication: db.prepare<
      [string, string, string, number, string | null, string | null],
      PublicationRow
    >(
      `INSERT INTO publications (collection_id, item_id, kind, published_at, published_by, scheduled_by)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING ${PUBLICATION_COLUMNS}`,
    ),
    publications: db.prepare<[number], PublicationRow>(
      `SELECT ${PUBLICATION_COLUMNS} FROM publications ORDER BY id DESC LIMIT ?`,
    ),
    publicationsOf: db.prepare<[string, number], PublicationRow>(
      `SELECT ${PUBLICATION_COLUMNS} FROM publications WHERE collection_id = ?
       ORDER BY id DESC LIMIT ?`,
    ),
    addLink: db.prepare(
      `INSERT INTO preview_links (id, secret_hash, label, created_at, expires_at, created_by)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    liveLinks: db.prepare<[number], LinkRow>(
      `SELECT id, label, created_at, expires_at, created_by FROM preview_links
       WHERE expires_at > ? ORDER BY created_at DESC, id`,
    ),
    linkBySecret: db.prepare<[string, number], LinkRow>(
      `SELECT id, label, created_at, expires_at, created_by FROM preview_links
       WHERE secret_hash = ? AND expires_at > ?`,
    ),
    removeLink: db.prepare<[string]>("DELETE FROM preview_links WHERE id = ?"),
    pruneLinks: db.prepare<[number]>("DELETE FROM preview_links WHERE expires_at <= ?"),
  };

  return {
    /** Saves (replaces) the pending change of `kind` for an item. */
    save(change: StoredChange): void {
      statements.upsert.run(
        change.collectionId,
        change.itemId,
        change.kind,
        change.data === null ? null : JSON.stringify(change.data),
        change.publishAt,
        change.savedBy,
        change.savedAt,
        change.scheduledBy,
      );
    },

    list(collectionId: string | null): StoredChange[] {
      const rows =
        collectionId === null ? statements.all.all() : statements.ofCollection.all(collectionId);
      return rows.map(toChange);
    },

    get({ collectionId, itemId, kind }: ChangeKey): StoredChange | null {
      const row = statements.get.get(collectionId, itemId, kind);
      return row === undefined ? null : toChange(row);
    },

    /** True when there was a change to discard. */
    discard({ collectionId, itemId, kind }: ChangeKey): boolean {
      return statements.remove.run(collectionId, itemId, kind).changes > 0;
    },

    /** Sets (or, with null, clears) when a change goes live; null when there is no such change. */
    schedule(key: ChangeKey, publishAt: number | null, by: string | null): StoredChange | null {
      const row = statements.schedule.get(
        publishAt,
        publishAt === null ? null : by,
        key.collectionId,
        key.itemId,
        key.kind,
      );
      return row === undefined ? null : toChange(row);
    },

    /** Changes whose time has come, oldest first (at most one pass's worth). */
    due(now: number): StoredChange[] {
      return statements.due.all(now, DUE_BATCH).map(toChange);
    },

    /** When the next scheduled change is due; null when none is scheduled. */
    nextDue(): number | null {
      const at = statements.nextDue.get()?.at;
      return at === null || at === undefined ? null : Number(at);
    },

    /** Takes a change out (to publish it now); null when another writer took it first. */
    claim({ collectionId, itemId, kind }: ChangeKey): StoredChange | null {
      const row = statements.claim.get(collectionId, itemId, kind);
      return row === undefined ? null : toChange(row);
    },

    /** Takes a change out if it is still due; null when another node took it or it moved. */
    claimDue({ collectionId, itemId, kind }: ChangeKey, now: number): StoredChange | null {
      const row = statements.claimDue.get(collectionId, itemId, kind, now);
      return row === undefined ? null : toChange(row);
    },

    addPublication(record: Omit<StoredPublication, "id">): StoredPublication {
      const row = statements.addPublication.get(
        record.collectionId,
        record.itemId,
        record.kind,
        record.publishedAt,
        record.publishedBy,
        record.scheduledBy,
      );
      if (row === undefined) throw new Error("publication not recorded");
      return toPublication(row);
    },

    /** The newest publication records, of one collection or all. */
    publications(collectionId: string | null): StoredPublication[] {
      const rows =
        collectionId === null
          ? statements.publications.all(PUBLICATIONS_LISTED)
          : statements.publicationsOf.all(collectionId, PUBLICATIONS_LISTED);
      return rows.map(toPublication);
    },

    addLink(link: StoredPreviewLink & { secretHash: string }): void {
      statements.addLink.run(
        link.id,
        link.secretHash,
        link.label,
        link.createdAt,
        link.expiresAt,
        link.createdBy,
      );
    },

    /** Links not yet expired, newest first; expired ones are deleted on the way. */
    liveLinks(now: number): StoredPreviewLink[] {
      statements.pruneLinks.run(now);
      return statements.liveLinks.all(now).map(toLink);
    },

    linkBySecretHash(secretHash: string, now: number): StoredPreviewLink | null {
      const row = statements.linkBySecret.get(secretHash, now);
      return row === undefined ? null : toLink(row);
    },

    /** True when there was such a link. */
    removeLink(id: string): boolean {
      return statements.removeLink.run(id).changes > 0;
    },

    transaction<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
  };
}
