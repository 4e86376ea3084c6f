/**
 * @module The SQL of the owner's password hash and one-time setup tokens (tables
 * `owner_credentials` and `owner_setup_tokens`, migration 0100). Tokens arrive hashed.
 */
import type { Db } from "./sql-db.ts";

export type OwnerCredentialsStore = ReturnType<typeof createOwnerCredentialsStore>;

export function createOwnerCredentialsStore(db: Db) {
  const statements = {
    getHash: db.prepare<[], { password_hash: string }>(
      "SELECT password_hash FROM owner_credentials WHERE id = 1",
    ),
    setHash: db.prepare<[string, number]>(
      `INSERT INTO owner_credentials (id, password_hash, updated_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, updated_at = excluded.updated_at`,
    ),
    deleteSessions: db.prepare("DELETE FROM owner_sessions"),
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

    /** Stores a new hash and, in the same transaction, deletes every session and setup token. */
    replacePasswordHash(passwordHash: string, at: number): void {
      db.transaction(() => {
        statements.setHash.run(passwordHash, at);
        statements.deleteSessions.run();
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
