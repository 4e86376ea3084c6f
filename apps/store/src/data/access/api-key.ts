/**
 * @module The store's API key for elevated calls: `IST.` + base64url of 32 random bytes, created
 * on first start and shown once. Only its hash is stored, and presented keys are compared by
 * hash in constant time.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { AccessStore } from "../../platform/db/access-store.ts";

export const API_KEY_PREFIX = "IST.";
const API_KEY_BYTES = 32;

export function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(API_KEY_BYTES).toString("base64url");
}

// SHA-256 rather than a slow password hash: the key holds 256 random bits, so there is nothing
// to guess by brute force, and a slow hash would only cost time on every elevated request.
export function hashApiKey(key: string): string {
  return createHash("sha256").update(key, "utf8").digest("hex");
}

export type ApiKeys = ReturnType<typeof createApiKeys>;

export function createApiKeys(access: AccessStore, now: () => number = Date.now) {
  return {
    /** Creates the key when the database has none; returns it (to show once) or null. */
    ensure(): string | null {
      if (access.apiKeyHash() !== null) return null;
      const key = generateApiKey();
      return access.createApiKeyHash(hashApiKey(key), now()) ? key : null;
    },

    /** Replaces the key; the old one stops working at once. Returns the new key. */
    rotate(): string {
      const key = generateApiKey();
      access.replaceApiKeyHash(hashApiKey(key), now());
      return key;
    },

    /** True when `presented` is the current key. Read per call, so a rotation applies at once. */
    matches(presented: string): boolean {
      // Every key carries the prefix: anything else (a visitor token) is not a key, without a
      // database read and a hash on each visitor request.
      if (!presented.startsWith(API_KEY_PREFIX)) return false;
      const stored = access.apiKeyHash();
      if (stored === null) return false;
      const expected = Buffer.from(stored, "hex");
      const given = Buffer.from(hashApiKey(presented), "hex");
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
