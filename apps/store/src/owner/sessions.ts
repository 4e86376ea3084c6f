/**
 * @module Server-side owner sessions. The browser holds a random session id in an HttpOnly
 * cookie; the database keeps only its SHA-256. The CSRF token is derived from the id with the
 * store's key, so it needs no storage and dies with the session.
 */
import type { Db } from "../db/open.ts";
import { hashToken, keyedDigest, randomToken } from "./secrets.ts";

export type OwnerSession = {
  /** The raw id from the cookie (never stored). */
  id: string;
  csrfToken: string;
  createdAt: number;
  lastSeenAt: number;
  /** When the session ends if no further request comes. */
  expiresAt: number;
};

export type OwnerSessionsOptions = {
  key: Uint8Array;
  now: () => number;
  idleMs: number;
  maxAgeMs: number;
};

type SessionRow = { created_at: number; last_seen_at: number };

export type OwnerSessions = ReturnType<typeof createOwnerSessions>;

export function createOwnerSessions(db: Db, { key, now, idleMs, maxAgeMs }: OwnerSessionsOptions) {
  const statements = {
    insert: db.prepare<[string, number, number]>(
      "INSERT INTO owner_sessions (id_hash, created_at, last_seen_at) VALUES (?, ?, ?)",
    ),
    get: db.prepare<[string], SessionRow>(
      "SELECT created_at, last_seen_at FROM owner_sessions WHERE id_hash = ?",
    ),
    touch: db.prepare<[number, string]>(
      "UPDATE owner_sessions SET last_seen_at = ? WHERE id_hash = ?",
    ),
    remove: db.prepare<[string]>("DELETE FROM owner_sessions WHERE id_hash = ?"),
    pruneExpired: db.prepare<[number, number]>(
      "DELETE FROM owner_sessions WHERE last_seen_at <= ? OR created_at <= ?",
    ),
  };

  const csrfFor = (id: string) => keyedDigest(key, "owner-csrf", id);

  function toSession(id: string, row: SessionRow, lastSeenAt: number): OwnerSession {
    return {
      id,
      csrfToken: csrfFor(id),
      createdAt: row.created_at,
      lastSeenAt,
      expiresAt: Math.min(lastSeenAt + idleMs, row.created_at + maxAgeMs),
    };
  }

  return {
    create(): OwnerSession {
      const id = randomToken();
      const at = now();
      statements.pruneExpired.run(at - idleMs, at - maxAgeMs);
      statements.insert.run(hashToken(id), at, at);
      return toSession(id, { created_at: at, last_seen_at: at }, at);
    },

    /** The live session for a cookie value, its activity time moved to now; null otherwise. */
    resume(id: string): OwnerSession | null {
      const idHash = hashToken(id);
      const row = statements.get.get(idHash);
      if (row === undefined) return null;
      const at = now();
      if (at - row.last_seen_at >= idleMs || at - row.created_at >= maxAgeMs) {
        statements.remove.run(idHash);
        return null;
      }
      statements.touch.run(at, idHash);
      return toSession(id, row, at);
    },

    end(id: string): void {
      statements.remove.run(hashToken(id));
    },
  };
}
