/**
 * @module The SQL of the owner's password (the identity with role 'owner', migration 0420) and
 * the one-time setup tokens (`owner_setup_tokens`, migration 0100). Tokens arrive hashed.
 */
import type { Db } from "../../platform/db/sql-db.ts";

/** The owner's identity id, and the e-mail it has until the owner sets one (no address). */
export const OWNER_IDENTITY_ID = "owner";
export const OWNER_PLACEHOLDER_EMAIL = "owner";

export type OwnerCredentialsStore = ReturnType<typeof createOwnerCredentialsStore>;

export function createOwnerCredentialsStore(db: Db) {
  const statements = {
    getHash: db.prepare<[], { password_hash: string | null }>(
      "SELECT password_hash FROM identities WHERE role = 'owner' AND status = 'ACTIVE'",
    ),
    insertOwner: db.prepare<[string, string, string, number, number]>(
      `INSERT INTO identities (id, email, email_verified, password_hash, status, reasons, profile,
         role, created_at, updated_at)
       VALUES (?, ?, 0, ?, 'ACTIVE', '[]', '{}', 'owner', ?, ?)
       ON CONFLICT (id) DO NOTHING`,
    ),
    setHash: db.prepare<[string, number]>(
      `UPDATE identities SET password_hash = ?, status = 'ACTIVE', totp_secret = NULL,
         totp_last_step = 0, revision = revision + 1, updated_at = ? WHERE role = 'owner'`,
    ),
    deleteSessions: db.prepare(
      "DELETE FROM owner_sessions WHERE identity_id IN (SELECT id FROM identities WHERE role = 'owner')",
    ),
    deleteRecoveryLinks: db.prepare(
      `DELETE FROM identity_tokens WHERE kind IN ('recovery', 'state', 'device', 'session')
         AND identity_id IN (SELECT id FROM identities WHERE role = 'owner')`,
    ),
    endSessionRecords: db.prepare<[number]>(
      `UPDATE sessions SET ended_at = ?, end_reason = 'password_changed'
       WHERE ended_at IS NULL AND identity_id IN (SELECT id FROM identities WHERE role = 'owner')`,
    ),
    deleteRecoveryCodes: db.prepare(
      `DELETE FROM identity_recovery_codes
         WHERE identity_id IN (SELECT id FROM identities WHERE role = 'owner')`,
    ),
    deleteTokens: db.prepare("DELETE FROM owner_setup_tokens"),
    deleteExpiredTokens: db.prepare<[number]>(
      "DELETE FROM owner_setup_tokens WHERE expires_at <= ?",
    ),
    insertToken: db.prepare<[string, number]>(
      "INSERT INTO owner_setup_tokens (token_hash, expires_at) VALUES (?, ?)",
    ),
    deleteToken: db.prepare<[string, number]>(
      "DELETE FROM owner_setup_tokens WHERE token_hash = ? AND expires_at > ?",
    ),
  };

  return {
    passwordHash(): string | null {
      return statements.getHash.get()?.password_hash ?? null;
    },

    /**
     * Stores a new hash in the owner's identity (made on first use) and, in the same
     * transaction, turns the second factor off (whoever holds the server is let back in),
     * deletes the owner's sessions, mailed reset links and every setup token.
     */
    replacePasswordHash(passwordHash: string, at: number): void {
      db.transaction(() => {
        statements.insertOwner.run(
          OWNER_IDENTITY_ID,
          OWNER_PLACEHOLDER_EMAIL,
          passwordHash,
          at,
          at,
        );
        statements.setHash.run(passwordHash, at);
        statements.deleteSessions.run();
        statements.endSessionRecords.run(at);
        statements.deleteRecoveryLinks.run();
        statements.deleteRecoveryCodes.run();
        statements.deleteTokens.run();
      })();
    },

    /** Keeps one setup token: earlier ones are deleted. */
    replaceSetupToken(tokenHash: string, expiresAt: number): void {
      db.transaction(() => {
        statements.deleteTokens.run();
        statements.insertToken.run(tokenHash, expiresAt);
      })();
    },

    /** Adds a setup token beside the others (one per node); the expired ones are deleted. */
    addSetupToken(tokenHash: string, expiresAt: number, at: number): void {
      db.transaction(() => {
        statements.deleteExpiredTokens.run(at);
        statements.insertToken.run(tokenHash, expiresAt);
      })();
    },

    /** Deletes the token if it is unexpired at `at`; true when it was. */
    consumeSetupToken(tokenHash: string, at: number): boolean {
      return statements.deleteToken.run(tokenHash, at).changes > 0;
    },
  };
}
