/**
 * @module All SQL for sessions: one row per sign-in, ended (never revived) by
 * sign-out, a password change or reset, a block, or a refresh token presented twice.
 */
import type { Db } from "../../platform/db/sql-db.ts";

/** Whose sign-in: a member's, or the editor's (the owner's or a collaborator's). */
export type SessionRole = "member" | "owner" | "editor";
/** `page`: a sign-in on the store's own pages (cookie). `token`: one client's OAuth tokens. */
export type SessionChannel = "page" | "token";

export type SessionRow = {
  id: string;
  identityId: string;
  role: SessionRole;
  channel: SessionChannel;
  parentId: string | null;
  createdAt: number;
  lastUsedAt: number;
  /** When the password (or a second factor) was last proven in this session. */
  authAt: number;
  userAgent: string | null;
  clientAddress: string | null;
  refreshGeneration: number;
  refreshPresented: number;
  endedAt: number | null;
  endReason: string | null;
  /** The identity's status now (null when it is gone). */
  identityStatus: string | null;
};

type RawSession = {
  id: string;
  identity_id: string;
  role: SessionRole;
  channel: SessionChannel;
  parent_id: string | null;
  created_at: number;
  last_used_at: number;
  auth_at: number;
  user_agent: string | null;
  client_address: string | null;
  refresh_generation: number;
  refresh_presented: number;
  ended_at: number | null;
  end_reason: string | null;
  identity_status: string | null;
};

function toSession(row: RawSession | undefined): SessionRow | null {
  if (row === undefined) return null;
  return {
    id: row.id,
    identityId: row.identity_id,
    role: row.role,
    channel: row.channel,
    parentId: row.parent_id,
    createdAt: Number(row.created_at),
    lastUsedAt: Number(row.last_used_at),
    authAt: Number(row.auth_at),
    userAgent: row.user_agent,
    clientAddress: row.client_address,
    refreshGeneration: Number(row.refresh_generation),
    refreshPresented: Number(row.refresh_presented),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    endReason: row.end_reason,
    identityStatus: row.identity_status,
  };
}

export type NewSession = {
  id: string;
  identityId: string;
  role: SessionRole;
  channel: SessionChannel;
  authAt: number;
  userAgent: string | null;
  clientAddress: string | null;
  now: number;
};

export type SessionsStore = ReturnType<typeof createSessionsStore>;

const ENDED = "ended_at = @now, end_reason = @reason";

export function createSessionsStore(db: Db) {
  const s = {
    byId: db.prepare<[string], RawSession>(
      `SELECT s.*, i.status AS identity_status FROM sessions s
       LEFT JOIN identities i ON i.id = s.identity_id WHERE s.id = ?`,
    ),
    insert: db.prepare(
      `INSERT INTO sessions (id, identity_id, role, channel, parent_id, created_at, last_used_at,
         auth_at, user_agent, client_address, refresh_generation)
       VALUES (@id, @identityId, @role, @channel, NULL, @now, @now, @authAt, @userAgent,
         @clientAddress, @refreshGeneration)`,
    ),
    // One statement, so a parent ended a moment before cannot gain a child.
    insertChild: db.prepare(
      `INSERT INTO sessions (id, identity_id, role, channel, parent_id, created_at, last_used_at,
         auth_at, user_agent, client_address, refresh_generation)
       SELECT @id, identity_id, role, 'token', id, @now, @now, auth_at, @userAgent, @clientAddress,
         1
       FROM sessions WHERE id = @parentId AND ended_at IS NULL`,
    ),
    rotate: db.prepare<{ id: string; presented: number; now: number }, { generation: number }>(
      `UPDATE sessions SET refresh_generation = refresh_generation + 1,
         refresh_presented = @presented, last_used_at = @now
       WHERE id = @id AND ended_at IS NULL AND refresh_presented <= @presented
         AND refresh_generation >= @presented
       RETURNING refresh_generation AS generation`,
    ),
    reauthenticate: db.prepare(
      `UPDATE sessions SET auth_at = @authAt, last_used_at = @now
       WHERE id = @id AND ended_at IS NULL`,
    ),
    end: db.prepare<{ id: string; now: number; reason: string }, { id: string }>(
      `UPDATE sessions SET ${ENDED}
       WHERE (id = @id OR parent_id = @id) AND ended_at IS NULL RETURNING id`,
    ),
    endAllOf: db.prepare<
      { identityId: string; keep: string; keepParent: string; now: number; reason: string },
      { id: string }
    >(
      `UPDATE sessions SET ${ENDED}
       WHERE identity_id = @identityId AND ended_at IS NULL AND id <> @keep AND id <> @keepParent
       RETURNING id`,
    ),
    liveOf: db.prepare<[string], RawSession>(
      `SELECT s.*, i.status AS identity_status FROM sessions s
       LEFT JOIN identities i ON i.id = s.identity_id
       WHERE s.identity_id = ? AND s.ended_at IS NULL ORDER BY s.last_used_at DESC, s.id`,
    ),
    prune: db.prepare(
      `DELETE FROM sessions WHERE (ended_at IS NOT NULL AND ended_at < @endedBefore)
         OR last_used_at < @idleBefore`,
    ),
  };

  return {
    byId(id: string): SessionRow | null {
      return toSession(s.byId.get(id));
    },

    /** A token session's first refresh token is generation 1; a page session has none. */
    insert(session: NewSession): void {
      s.insert.run({ ...session, refreshGeneration: session.channel === "token" ? 1 : 0 });
    },

    /**
     * A token session (refresh generation 1) under a live page session, with its auth time;
     * false when the parent has ended.
     */
    insertChild(
      parentId: string,
      child: { id: string; userAgent: string | null; clientAddress: string | null; now: number },
    ): boolean {
      return s.insertChild.run({ ...child, parentId }).changes > 0;
    },

    /**
     * Issues the next refresh generation for one presented as `presented`: the new generation,
     * or null when the session ended or a newer generation was presented before (reuse).
     */
    rotate(id: string, presented: number, now: number): number | null {
      const row = s.rotate.get({ id, presented, now });
      return row === undefined ? null : Number(row.generation);
    },

    reauthenticate(id: string, authAt: number, now: number): void {
      s.reauthenticate.run({ id, authAt, now });
    },

    /** Ends the session and the token sessions started from it; the ids that ended. */
    end(id: string, reason: string, now: number): string[] {
      return s.end.all({ id, now, reason }).map((row) => row.id);
    },

    /** Ends every session of the identity but `keep` (and `keepParent`); the ids that ended. */
    endAllOf(
      identityId: string,
      reason: string,
      now: number,
      keep: { id: string; parentId: string | null } | null = null,
    ): string[] {
      return s.endAllOf
        .all({
          identityId,
          keep: keep?.id ?? "",
          keepParent: keep?.parentId ?? "",
          now,
          reason,
        })
        .map((row) => row.id);
    },

    /** The identity's sessions that have not ended, the last used first. */
    liveOf(identityId: string): SessionRow[] {
      return s.liveOf.all(identityId).map((row) => toSession(row) as SessionRow);
    },

    /** Forgets sessions ended before `endedBefore` or unused since `idleBefore`. */
    prune(endedBefore: number, idleBefore: number): void {
      s.prune.run({ endedBefore, idleBefore });
    },
  };
}
