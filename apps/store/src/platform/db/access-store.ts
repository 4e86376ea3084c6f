/**
 * @module All SQL for access: the API key's hash, the per-collection permissions, and whether a
 * collaborator's changes wait for the owner's review (docs/security.md, "The owner and
 * collaborators").
 */

import { type AccessCache, createPgAccessCache } from "./postgres/pg-access-cache.ts";
import type { Db } from "./sql-db.ts";

export const ROLES = ["anyone", "member", "author", "admin"] as const;
/**
 * Who a permission admits: anyone (visitors too), members (and admins), the member who created
 * the item (`author`: any member inserts; update, remove and read reach their own items only;
 * admins reach all), or admins only.
 */
export type PermissionRole = (typeof ROLES)[number];
export const ACTIONS = ["read", "insert", "update", "remove"] as const;
export type Action = (typeof ACTIONS)[number];
export type Permissions = Record<Action, PermissionRole>;

type PermissionsRow = {
  read_role: PermissionRole;
  insert_role: PermissionRole;
  update_role: PermissionRole;
  remove_role: PermissionRole;
};

export type AccessStore = ReturnType<typeof createAccessStore>;

const caches = new WeakMap<Db, AccessCache>();
/** Reads afresh every time: SQLite answers in microseconds, and sees other processes' writes. */
const NO_CACHE: AccessCache = { keep: (_key, read) => read(), forget: () => {} };

/** One cache per connection, shared by every store on it, where other nodes' writes are heard of. */
function accessCacheOf(db: Db): AccessCache {
  let cache = caches.get(db);
  if (cache === undefined) {
    const notices = db.changeNotices();
    cache = notices === null ? NO_CACHE : createPgAccessCache(db, notices);
    caches.set(db, cache);
  }
  return cache;
}

/** Forgets what the connection's access stores kept: after writing collections or permissions. */
export function forgetAccess(db: Db): void {
  caches.get(db)?.forget();
}

export function createAccessStore(db: Db) {
  const statements = {
    keyHash: db.prepare<[], { key_hash: string }>("SELECT key_hash FROM api_key WHERE id = 1"),
    setKeyHash: db.prepare(
      `INSERT INTO api_key (id, key_hash, created_at) VALUES (1, @hash, @now)
       ON CONFLICT (id) DO UPDATE SET key_hash = excluded.key_hash, created_at = excluded.created_at`,
    ),
    insertKeyHash: db.prepare(
      "INSERT INTO api_key (id, key_hash, created_at) VALUES (1, @hash, @now) ON CONFLICT DO NOTHING",
    ),
    // A collection created without a permissions row (by a script, say) gets the defaults.
    permissions: db.prepare<[string], PermissionsRow>(
      `SELECT coalesce(p.read_role, 'anyone') AS read_role,
              coalesce(p.insert_role, 'admin') AS insert_role,
              coalesce(p.update_role, 'admin') AS update_role,
              coalesce(p.remove_role, 'admin') AS remove_role
       FROM collections AS c LEFT JOIN collection_permissions AS p ON p.collection_id = c.id
       WHERE c.id = ?`,
    ),
    // Absent means on: a new store reviews collaborators' changes until the owner says otherwise.
    reviewed: db.prepare<[], { value: number | string }>(
      "SELECT value FROM meta WHERE key = 'review_collaborators'",
    ),
    setReviewed: db.prepare(
      `INSERT INTO meta (key, value) VALUES ('review_collaborators', ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ),
    setPermissions: db.prepare(
      `INSERT INTO collection_permissions (collection_id, read_role, insert_role, update_role, remove_role)
       VALUES (@collectionId, @read, @insert, @update, @remove)
       ON CONFLICT (collection_id) DO UPDATE SET read_role = excluded.read_role,
         insert_role = excluded.insert_role, update_role = excluded.update_role,
         remove_role = excluded.remove_role`,
    ),
  };

  const cache = accessCacheOf(db);
  const always = () => true;
  // An unknown collection is not kept: one created by any client is known at once.
  const known = (value: Permissions | null) => value !== null;

  function readPermissions(collectionId: string): Permissions | null {
    const row = statements.permissions.get(collectionId);
    if (row === undefined) return null;
    return {
      read: row.read_role,
      insert: row.insert_role,
      update: row.update_role,
      remove: row.remove_role,
    };
  }

  return {
    /** The stored key hash (hex), or null before the first start. */
    apiKeyHash(): string | null {
      return cache.keep("apiKey", () => statements.keyHash.get()?.key_hash ?? null, always);
    },

    /** Stores the hash only when no key exists yet; true when it was stored. */
    createApiKeyHash(hash: string, now: number): boolean {
      cache.forget();
      return statements.insertKeyHash.run({ hash, now }).changes > 0;
    },

    /** Replaces the key hash (rotation). */
    replaceApiKeyHash(hash: string, now: number): void {
      cache.forget();
      statements.setKeyHash.run({ hash, now });
    },

    /** A collection's permissions (defaults when none are stored); null for an unknown collection. */
    permissions(collectionId: string): Permissions | null {
      const kept = cache.keep(
        `permissions:${collectionId}`,
        () => readPermissions(collectionId),
        known,
      );
      return kept === null ? null : { ...kept };
    },

    /**
     * Whether a collaborator's changes wait for the owner's review (on by default): read afresh
     * each time, since only a collaborator's writes ask and every node must agree at once.
     */
    collaboratorsReviewed(): boolean {
      const row = statements.reviewed.get();
      return row === undefined || Number(row.value) !== 0;
    },

    setCollaboratorsReviewed(on: boolean): void {
      statements.setReviewed.run(on ? 1 : 0);
    },

    setPermissions(collectionId: string, permissions: Permissions): void {
      cache.forget();
      statements.setPermissions.run({ collectionId, ...permissions });
    },
  };
}
