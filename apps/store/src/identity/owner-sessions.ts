/**
 * @module Server-side owner sessions. The browser holds a random session id in an HttpOnly
 * cookie; the database keeps only its SHA-256. The CSRF token is derived from the id with the
 * store's key, so it needs no storage and dies with the session.
 */

import type { Db } from "../platform/db/sql-db.ts";
import { hashToken, keyedDigest, randomToken } from "../platform/secrets/secrets.ts";
import { createOwnerSessionsStore, type OwnerSessionRow } from "./storage/owner-sessions-store.ts";

export type OwnerSession = {
  /** The raw id from the cookie (never stored). */
  id: string;
  /** Whose session it is (the owner's or a collaborator's identity). */
  identityId: string;
  /** Its session record (identity/sessions.ts), which says whether it still lives. */
  sid: string;
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

export type OwnerSessions = ReturnType<typeof createOwnerSessions>;

export function createOwnerSessions(db: Db, { key, now, idleMs, maxAgeMs }: OwnerSessionsOptions) {
  const rows = createOwnerSessionsStore(db);

  const csrfFor = (id: string) => keyedDigest(key, "owner-csrf", id);

  function toSession(id: string, row: OwnerSessionRow, lastSeenAt: number): OwnerSession {
    return {
      id,
      identityId: row.identity_id,
      sid: row.sid,
      csrfToken: csrfFor(id),
      createdAt: row.created_at,
      lastSeenAt,
      expiresAt: Math.min(lastSeenAt + idleMs, row.created_at + maxAgeMs),
    };
  }

  return {
    create(identityId: string, sid: string): OwnerSession {
      const id = randomToken();
      const at = now();
      rows.pruneExpired(at - idleMs, at - maxAgeMs);
      rows.insert(hashToken(id), identityId, sid, at);
      return toSession(id, { identity_id: identityId, sid, created_at: at, last_seen_at: at }, at);
    },

    /** The live session for a cookie value, its activity time moved to now; null otherwise. */
    resume(id: string): OwnerSession | null {
      const idHash = hashToken(id);
      const row = rows.get(idHash);
      if (row === undefined) return null;
      const at = now();
      if (at - row.last_seen_at >= idleMs || at - row.created_at >= maxAgeMs) {
        rows.remove(idHash);
        return null;
      }
      rows.touch(idHash, at);
      return toSession(id, row, at);
    },

    end(id: string): void {
      rows.remove(hashToken(id));
    },

    /** Ends every session of an identity ("sign out everywhere", a new password, removal). */
    endAllOf(identityId: string): void {
      rows.removeAllOf(identityId);
    },
  };
}
