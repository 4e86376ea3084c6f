/**
 * @module All SQL for the owner's invitations of clients (`client_invites`). The link's secret is
 * kept as a digest; taking up an invitation is one UPDATE that only a pending, unexpired row
 * passes, so a link works once, on any number of nodes.
 */
import type { Db } from "../platform/db/sql-db.ts";

export type InviteState = "pending" | "accepted" | "revoked";

export type InviteRow = {
  id: string;
  email: string;
  name: string;
  message: string;
  resourceIds: string[];
  fileIds: string[];
  invitedAt: number;
  expiresAt: number;
  state: InviteState;
  memberId: string | null;
};

type RawInvite = {
  id: string;
  email: string;
  name: string;
  message: string;
  resource_ids: string;
  file_ids: string;
  invited_at: number;
  expires_at: number;
  state: InviteState;
  member_id: string | null;
};

function ids(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}

function toInvite(row: RawInvite): InviteRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    message: row.message,
    resourceIds: ids(row.resource_ids),
    fileIds: ids(row.file_ids),
    invitedAt: Number(row.invited_at),
    expiresAt: Number(row.expires_at),
    state: row.state,
    memberId: row.member_id,
  };
}

const COLUMNS =
  "id, email, name, message, resource_ids, file_ids, invited_at, expires_at, state, member_id";

export type InvitesStore = ReturnType<typeof createInvitesStore>;

export function createInvitesStore(db: Db) {
  const s = {
    add: db.prepare(
      `INSERT INTO client_invites (id, email, name, message, resource_ids, file_ids, token_hash,
         invited_at, expires_at, state)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending') ON CONFLICT DO NOTHING`,
    ),
    pending: db.prepare<[], RawInvite>(
      `SELECT ${COLUMNS} FROM client_invites WHERE state = 'pending' ORDER BY invited_at DESC, id`,
    ),
    byId: db.prepare<[string], RawInvite>(`SELECT ${COLUMNS} FROM client_invites WHERE id = ?`),
    byToken: db.prepare<[string, number], RawInvite>(
      `SELECT ${COLUMNS} FROM client_invites
       WHERE token_hash = ? AND state = 'pending' AND expires_at > ?`,
    ),
    renew: db.prepare(
      `UPDATE client_invites SET token_hash = ?, invited_at = ?, expires_at = ?
       WHERE id = ? AND state = 'pending'`,
    ),
    end: db.prepare(
      `UPDATE client_invites SET state = ?, member_id = ?, ended_at = ?
       WHERE id = ? AND state = 'pending'`,
    ),
    take: db.prepare(
      `UPDATE client_invites SET state = 'accepted', member_id = ?, ended_at = ?
       WHERE token_hash = ? AND state = 'pending' AND expires_at > ?`,
    ),
  };
  return {
    /** False when a pending invitation to `email` exists already. */
    add(invite: Omit<InviteRow, "state" | "memberId">, tokenHash: string): boolean {
      const { id, email, name, message, resourceIds, fileIds, invitedAt, expiresAt } = invite;
      const result = s.add.run(
        id,
        email,
        name,
        message,
        JSON.stringify(resourceIds),
        JSON.stringify(fileIds),
        tokenHash,
        invitedAt,
        expiresAt,
      );
      return result.changes === 1;
    },
    pending(): InviteRow[] {
      return s.pending.all().map(toInvite);
    },
    byId(id: string): InviteRow | null {
      const row = s.byId.get(id);
      return row === undefined ? null : toInvite(row);
    },
    /** The pending, unexpired invitation of a link, without using it up. */
    byToken(tokenHash: string, now: number): InviteRow | null {
      const row = s.byToken.get(tokenHash, now);
      return row === undefined ? null : toInvite(row);
    },
    /** A new secret and expiry for a pending invitation (the old link stops working). */
    renew(id: string, tokenHash: string, now: number, expiresAt: number): boolean {
      return s.renew.run(tokenHash, now, expiresAt, id).changes === 1;
    },
    revoke(id: string, now: number): boolean {
      return s.end.run("revoked", null, now, id).changes === 1;
    },
    /** Uses the link up for `memberId`; false when it was used, withdrawn or expired meanwhile. */
    take(tokenHash: string, memberId: string, now: number): boolean {
      return s.take.run(memberId, now, tokenHash, now).changes === 1;
    },
  };
}
