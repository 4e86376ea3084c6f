/**
 * @module All SQL of the security page (migration 0510): sign-ins and failed attempts
 * per identity, the owner's audit log, and what a member's export reads and deletion removes.
 */
import type { SignInOutcome } from "@consultant/site-content/wire";
import type { Db } from "../../platform/db/sql-db.ts";
import { limitKeyDigest } from "../../platform/limits/attempt-counter.ts";

export type { SignInOutcome };

export type SignInRow = {
  id: string;
  at: number;
  outcome: SignInOutcome;
  method: string;
  address: string | null;
  userAgent: string | null;
};

type RawSignIn = {
  id: string;
  at: number;
  outcome: SignInOutcome;
  method: string;
  address: string | null;
  user_agent: string | null;
};

export type AuditRow = {
  seq: number;
  at: number;
  actorId: string | null;
  actorKind: string;
  action: string;
  target: string | null;
  address: string | null;
};

type RawAudit = {
  seq: number;
  at: number;
  actor_id: string | null;
  actor_kind: string;
  action: string;
  target: string | null;
  address: string | null;
};

export type NewAuditEntry = Omit<AuditRow, "seq">;

export type SecurityStore = ReturnType<typeof createSecurityStore>;

export function createSecurityStore(db: Db) {
  const s = {
    insertSignIn: db.prepare(
      `INSERT INTO sign_ins (id, identity_id, at, outcome, method, address, user_agent)
       VALUES (@id, @identityId, @at, @outcome, @method, @address, @userAgent)`,
    ),
    signInsOf: db.prepare<[string, number], RawSignIn>(
      "SELECT * FROM sign_ins WHERE identity_id = ? ORDER BY at DESC, id DESC LIMIT ?",
    ),
    // Keeps the newest `keep` of one identity.
    trimSignIns: db.prepare<{ identityId: string; keep: number }>(
      `DELETE FROM sign_ins WHERE identity_id = @identityId AND id NOT IN (
         SELECT id FROM sign_ins WHERE identity_id = @identityId ORDER BY at DESC, id DESC
         LIMIT @keep)`,
    ),
    pruneSignIns: db.prepare<[number]>("DELETE FROM sign_ins WHERE at < ?"),
    dropSignInsOf: db.prepare<[string]>("DELETE FROM sign_ins WHERE identity_id = ?"),
    insertAudit: db.prepare(
      `INSERT INTO audit_log (at, actor_id, actor_kind, action, target, address)
       VALUES (@at, @actorId, @actorKind, @action, @target, @address)`,
    ),
    auditBefore: db.prepare<[number, number], RawAudit>(
      "SELECT * FROM audit_log WHERE seq < ? ORDER BY seq DESC LIMIT ?",
    ),
    itemsOwnedBy: db.prepare<[string], { collection_id: string; id: string; data: string }>(
      "SELECT collection_id, id, data FROM items WHERE owner_id = ? ORDER BY seq",
    ),
    dropItemsOwnedBy: db.prepare<[string]>("DELETE FROM items WHERE owner_id = ?"),
    // Removing an item keeps its last version in the history: the member's go too.
    dropItemHistory: db.prepare<[string, string]>(
      "DELETE FROM item_history WHERE collection_id = ? AND item_id = ?",
    ),
    mailsTo: db.prepare<[string], { subject: string; created_at: number }>(
      "SELECT subject, created_at FROM mail_outbox WHERE recipient = ? ORDER BY id",
    ),
    // Mails to the member, and mails to the owner that name them (an approval or upload notice).
    dropMailsAbout: db.prepare<{ email: string; pattern: string }>(
      `DELETE FROM mail_outbox WHERE recipient = @email
         OR lower(subject) LIKE @pattern ESCAPE '\\' OR lower(body) LIKE @pattern ESCAPE '\\'`,
    ),
    // What they wrote through the contact form, under the same address.
    dropContactMessagesOf: db.prepare<[string]>(
      "DELETE FROM contact_messages WHERE lower(email) = ?",
    ),
    // Their invitations (invites/invites-store.ts), by address and by the member they became.
    dropInvitesOf: db.prepare<[string, string]>(
      "DELETE FROM client_invites WHERE lower(email) = ? OR member_id = ?",
    ),
    // The audit log keeps the entry, without their address or name ("a removed client").
    scrubAudit: db.prepare<[string, string]>(
      "UPDATE audit_log SET target = replace(target, ?, 'a removed client') WHERE target LIKE ? ESCAPE '\\'",
    ),
    forgetAuditActor: db.prepare<[string]>(
      "UPDATE audit_log SET actor_id = NULL WHERE actor_id = ?",
    ),
    // The counters keep digests of their keys, never the keys (platform/limits/attempt-counter.ts).
    dropLimitsOf: db.prepare<[string]>("DELETE FROM rate_limits WHERE key = ?"),
  };

  return {
    addSignIn(entry: SignInRow & { identityId: string }, keep: number): void {
      db.transaction(() => {
        s.insertSignIn.run(entry);
        s.trimSignIns.run({ identityId: entry.identityId, keep });
      })();
    },

    /** Forgets every identity's sign-ins older than `since`. */
    pruneSignIns(since: number): void {
      s.pruneSignIns.run(since);
    },

    signInsOf(identityId: string, limit: number): SignInRow[] {
      return s.signInsOf.all(identityId, limit).map((row) => ({
        id: row.id,
        at: Number(row.at),
        outcome: row.outcome,
        method: row.method,
        address: row.address,
        userAgent: row.user_agent,
      }));
    },

    addAudit(entry: NewAuditEntry): void {
      s.insertAudit.run(entry);
    },

    /** The newest `limit` entries older than `before` (a seq), newest first. */
    auditBefore(before: number, limit: number): AuditRow[] {
      return s.auditBefore.all(before, limit).map((row) => ({
        seq: Number(row.seq),
        at: Number(row.at),
        actorId: row.actor_id,
        actorKind: row.actor_kind,
        action: row.action,
        target: row.target,
        address: row.address,
      }));
    },

    /** The items a member created (`_ownerId`), with their data. */
    itemsOwnedBy(identityId: string): { collectionId: string; id: string; data: unknown }[] {
      return s.itemsOwnedBy.all(identityId).map((row) => ({
        collectionId: row.collection_id,
        id: row.id,
        data: JSON.parse(row.data) as unknown,
      }));
    },

    /** The mails the store sent (or kept in its outbox) to an address. */
    mailsTo(email: string): { subject: string; at: number }[] {
      return s.mailsTo
        .all(email)
        .map((row) => ({ subject: row.subject, at: Number(row.created_at) }));
    },

    /** Removes what the store holds of a member beside their identity row (same transaction). */
    dropMemberData(
      identityId: string,
      email: string,
      limitKeys: readonly string[],
      names: readonly string[] = [],
    ): void {
      const items = s.itemsOwnedBy.all(identityId);
      s.dropSignInsOf.run(identityId);
      s.dropItemsOwnedBy.run(identityId);
      for (const item of items) s.dropItemHistory.run(item.collection_id, item.id);
      const pattern = `%${email.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      s.dropMailsAbout.run({ email, pattern });
      s.dropContactMessagesOf.run(email.toLowerCase());
      s.dropInvitesOf.run(email.toLowerCase(), identityId);
      s.forgetAuditActor.run(identityId);
      // A name shorter than three letters would rewrite other entries' words too.
      // Entries about the member name them by address, name or id (an approval names the id).
      for (const said of [identityId, email, ...names].filter((text) => text.trim().length >= 3)) {
        s.scrubAudit.run(said, `%${said.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      }
      for (const key of limitKeys) s.dropLimitsOf.run(limitKeyDigest(key));
    },
  };
}
