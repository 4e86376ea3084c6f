import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { loadSigningKey } from "./signing-key.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "store-key-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("loadSigningKey", () => {
  test("creates a 32-byte key readable only by the owner", () => {
    const key = loadSigningKey(dir);
    expect(key).toHaveLength(32);
    expect(statSync(join(dir, "signing.key")).mode & 0o777).toBe(0o600);
  });

  test("returns the same key on later starts", () => {
    expect(loadSigningKey(dir)).toEqual(loadSigningKey(dir));
  });

  test("refuses a key file of the wrong size", () => {
    writeFileSync(join(dir, "signing.key"), "short");
    expect(() => loadSigningKey(dir)).toThrow(/exactly 32 bytes/);
  });
});
