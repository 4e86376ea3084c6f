/**
 * @module The owner's password hash and the one-time setup tokens that let the first password
 * be chosen in the browser. Tokens are kept hashed and deleted when used or replaced.
 */
import type { Db } from "../db/open.ts";
import { hashToken, randomToken } from "./secrets.ts";

export type OwnerCredentials = ReturnType<typeof createOwnerCredentials>;

export function createOwnerCredentials(db: Db, now: () => number) {
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

    hasPassword(): boolean {
      return statements.getHash.get() !== undefined;
    },

    /** Stores a new hash; every session and setup link ends with the old password. */
    setPasswordHash(passwordHash: string): void {
      db.transaction(() => {
        statements.setHash.run(passwordHash, now());
        statements.deleteSessions.run();
        statements.deleteTokens.run();
      })();
    },

    /** A fresh setup token valid for `ttlMs`; earlier ones stop working. */
    createSetupToken(ttlMs: number): string {
      const token = randomToken();
      db.transaction(() => {
        statements.deleteTokens.run();
        statements.insertToken.run(hashToken(token), now() + ttlMs);
      })();
      return token;
    },

    /** True once for a valid, unexpired token, which is then gone. */
    consumeSetupToken(token: string): boolean {
      return statements.deleteToken.run(hashToken(token), now()).changes > 0;
    },
  };
}
