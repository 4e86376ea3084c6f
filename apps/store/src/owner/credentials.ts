/**
 * @module The owner's password hash and the one-time setup tokens that let the first password
 * be chosen in the browser. Tokens are kept hashed and deleted when used or replaced.
 */

import type { Db } from "../platform/db/sql-db.ts";
import { hashToken, randomToken } from "../platform/secrets/secrets.ts";
import { createOwnerCredentialsStore } from "./storage/owner-credentials-store.ts";

export type OwnerCredentials = ReturnType<typeof createOwnerCredentials>;

export function createOwnerCredentials(db: Db, now: () => number) {
  const rows = createOwnerCredentialsStore(db);

  return {
    passwordHash(): string | null {
      return rows.passwordHash();
    },

    hasPassword(): boolean {
      return rows.passwordHash() !== null;
    },

    /** Stores a new hash; every session and setup link ends with the old password. */
    setPasswordHash(passwordHash: string): void {
      rows.replacePasswordHash(passwordHash, now());
    },

    /**
     * A fresh setup token valid for `ttlMs`; earlier ones stop working, unless `keepOthers`
     * (many nodes on one database each print a link at start, and each link must work).
     */
    createSetupToken(ttlMs: number, { keepOthers = false } = {}): string {
      const token = randomToken();
      if (keepOthers) rows.addSetupToken(hashToken(token), now() + ttlMs, now());
      else rows.replaceSetupToken(hashToken(token), now() + ttlMs);
      return token;
    },

    /** True once for a valid, unexpired token, which is then gone. */
    consumeSetupToken(token: string): boolean {
      return rows.consumeSetupToken(hashToken(token), now());
    },
  };
}
