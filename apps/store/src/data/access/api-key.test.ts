import { describe, expect, test } from "vitest";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import { createAccessStore } from "../../platform/db/access-store.ts";
import { createApiKeys, hashApiKey } from "./api-key.ts";

function keys() {
  const db = openTestDb();
  return { db, keys: createApiKeys(createAccessStore(db), () => 1000) };
}

describe("API keys", () => {
  test("the first ensure creates an IST. key of 32 random bytes, later ones create nothing", () => {
    const { keys: apiKeys } = keys();
    const key = apiKeys.ensure();
    expect(key).toMatch(/^IST\.[A-Za-z0-9_-]{43}$/);
    expect(apiKeys.ensure()).toBeNull();
    expect(apiKeys.matches(key ?? "")).toBe(true);
  });

  test("only the SHA-256 hash is stored, never the key", () => {
    const { db, keys: apiKeys } = keys();
    const key = apiKeys.ensure() ?? "";
    const rows = db.prepare("SELECT * FROM api_key").all();
    expect(rows).toEqual([{ id: 1, key_hash: hashApiKey(key), created_at: 1000 }]);
    expect(JSON.stringify(rows)).not.toContain(key.slice(4));
  });

  test("rotation replaces the key: the old one stops matching", () => {
    const { keys: apiKeys } = keys();
    const old = apiKeys.ensure() ?? "";
    const next = apiKeys.rotate();
    expect(next).not.toBe(old);
    expect(apiKeys.matches(old)).toBe(false);
    expect(apiKeys.matches(next)).toBe(true);
  });

  test("nothing matches before a key exists, nor a near miss", () => {
    const { keys: apiKeys } = keys();
    expect(apiKeys.matches("IST.anything")).toBe(false);
    const key = apiKeys.ensure() ?? "";
    expect(apiKeys.matches(`${key} `)).toBe(false);
    expect(apiKeys.matches(key.slice(0, -1))).toBe(false);
  });
});
