import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createAccessStore } from "../db/access-store.ts";
import { openDb } from "../db/open.ts";
import { createApiKeys } from "./api-key.ts";
import { runKeyCli } from "./key-cli.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "store-key-cli-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function rotate(args = ["rotate"]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runKeyCli(
    args,
    { DATA_DIR: dir },
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

describe("npm run store -- key rotate", () => {
  test("prints a new key on its own line, which the database then accepts", () => {
    const { code, out } = rotate();
    expect(code).toBe(0);
    const key = out.match(/^IST\.[A-Za-z0-9_-]{43}$/m)?.[0] ?? "";
    const db = openDb(join(dir, "store.db"));
    try {
      expect(createApiKeys(createAccessStore(db)).matches(key)).toBe(true);
    } finally {
      db.close();
    }
  });

  test("a second rotation invalidates the first key", () => {
    const first = rotate().out.match(/^IST\..*$/m)?.[0] ?? "";
    rotate();
    const db = openDb(join(dir, "store.db"));
    try {
      expect(createApiKeys(createAccessStore(db)).matches(first)).toBe(false);
    } finally {
      db.close();
    }
  });

  test("anything but rotate prints the usage with exit code 2", () => {
    const { code, err } = rotate(["show"]);
    expect(code).toBe(2);
    expect(err).toMatch(/^Usage: npm run store -- key rotate/);
  });
});
