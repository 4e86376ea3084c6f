/**
 * @module All SQL for passkeys: WebAuthn credentials of an identity, each named,
 * with the authenticator's signature counter, which only ever moves forward.
 */
import type { Db } from "../../platform/db/sql-db.ts";

export type PasskeyRow = {
  /** The credential id, base64url, as the authenticator made it. */
  credentialId: string;
  identityId: string;
  name: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  createdAt: number;
  lastUsedAt: number | null;
};

type RawPasskey = {
  credential_id: string;
  identity_id: string;
  name: string;
  public_key: string;
  counter: number | string;
  transports: string;
  created_at: number | string;
  last_used_at: number | string | null;
};

function toPasskey(row: RawPasskey | undefined): PasskeyRow | null {
  if (row === undefined) return null;
  return {
    credentialId: row.credential_id,
    identityId: row.identity_id,
    name: row.name,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: JSON.parse(row.transports) as string[],
    createdAt: Number(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
  };
}

export type PasskeysStore = ReturnType<typeof createPasskeysStore>;

export function createPasskeysStore(db: Db) {
  const s = {
    ofIdentity: db.prepare<[string], RawPasskey>(
      "SELECT * FROM passkeys WHERE identity_id = ? ORDER BY created_at, credential_id",
    ),
    byId: db.prepare<[string], RawPasskey>("SELECT * FROM passkeys WHERE credential_id = ?"),
    count: db.prepare<[string], { n: number | string }>(
      "SELECT count(*) AS n FROM passkeys WHERE identity_id = ?",
    ),
    insert: db.prepare(
      `INSERT INTO passkeys (credential_id, identity_id, name, public_key, counter, transports,
         created_at)
       VALUES (@credentialId, @identityId, @name, @publicKey, @counter, @transports, @now)
       ON CONFLICT DO NOTHING`,
    ),
    rename: db.prepare("UPDATE passkeys SET name = ? WHERE credential_id = ? AND identity_id = ?"),
    remove: db.prepare("DELETE FROM passkeys WHERE credential_id = ? AND identity_id = ?"),
    // Forward only, checked in the write itself: of two sign-ins with the same counter (a clone
    // racing the original) one moves it and the other finds nothing to update.
    use: db.prepare(
      `UPDATE passkeys SET counter = ?, last_used_at = ?
       WHERE credential_id = ? AND (counter < ? OR (counter = 0 AND ? = 0))`,
    ),
  };

  return {
    ofIdentity(identityId: string): PasskeyRow[] {
      return s.ofIdentity.all(identityId).map((row) => toPasskey(row) as PasskeyRow);
    },

    byCredentialId(credentialId: string): PasskeyRow | null {
      return toPasskey(s.byId.get(credentialId));
    },

    countOf(identityId: string): number {
      return Number(s.count.get(identityId)?.n ?? 0);
    },

    /** Stores a new passkey; false when the credential id is known already. */
    insert(passkey: Omit<PasskeyRow, "createdAt" | "lastUsedAt">, now: number): boolean {
      return (
        s.insert.run({ ...passkey, transports: JSON.stringify(passkey.transports), now }).changes >
        0
      );
    },

    /** False when the identity has no passkey with this id. */
    rename(identityId: string, credentialId: string, name: string): boolean {
      return s.rename.run(name, credentialId, identityId).changes > 0;
    },

    /** False when the identity has no passkey with this id. */
    remove(identityId: string, credentialId: string): boolean {
      return s.remove.run(credentialId, identityId).changes > 0;
    },

    /**
     * Records a sign-in with the authenticator's new counter; false when the counter did not
     * move forward (authenticators that keep no counter send 0 every time, and stay at 0).
     */
    recordUse(credentialId: string, counter: number, now: number): boolean {
      return s.use.run(counter, now, credentialId, counter, counter).changes > 0;
    },
  };
}
