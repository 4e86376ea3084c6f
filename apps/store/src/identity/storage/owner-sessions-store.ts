/** @module The SQL of owner sessions (table `owner_sessions`, migration 0100), keyed by the id's hash. */
import type { Db } from "../../platform/db/sql-db.ts";

/** A session row: whose it is, when it began and when it was last used, in epoch ms. */
export type OwnerSessionRow = {
  identity_id: string;
  /** The session record (table `sessions`) this cookie session belongs to. */
  sid: string;
  created_at: number;
  last_seen_at: number;
};

export type OwnerSessionsStore = ReturnType<typeof createOwnerSessionsStore>;

export function createOwnerSessionsStore(db: Db) {
  const statements = {
    insert: db.prepare<[string, string, string, number, number]>(
      `INSERT INTO owner_sessions (id_hash, identity_id, sid, created_at, last_seen_at)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    get: db.prepare<[string], OwnerSessionRow>(
      "SELECT identity_id, sid, created_at, last_seen_at FROM owner_sessions WHERE id_hash = ?",
    ),
    removeAllOf: db.prepare<[string]>("DELETE FROM owner_sessions WHERE identity_id = ?"),
    touch: db.prepare<[number, string]>(
      "UPDATE owner_sessions SET last_seen_at = ? WHERE id_hash = ?",
    ),
    remove: db.prepare<[string]>("DELETE FROM owner_sessions WHERE id_hash = ?"),
    pruneExpired: db.prepare<[number, number]>(
      "DELETE FROM owner_sessions WHERE last_seen_at <= ? OR created_at <= ?",
    ),
  };

  return {
    insert(idHash: string, identityId: string, sid: string, at: number): void {
      statements.insert.run(idHash, identityId, sid, at, at);
    },

    /** Deletes every session of an identity. */
    removeAllOf(identityId: string): void {
      statements.removeAllOf.run(identityId);
    },

    get(idHash: string): OwnerSessionRow | undefined {
      return statements.get.get(idHash);
    },

    touch(idHash: string, at: number): void {
      statements.touch.run(at, idHash);
    },

    remove(idHash: string): void {
      statements.remove.run(idHash);
    },

    /** Deletes sessions idle since `idleBefore` or begun before `createdBefore`. */
    pruneExpired(idleBefore: number, createdBefore: number): void {
      statements.pruneExpired.run(idleBefore, createdBefore);
    },
  };
}
