import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createApiKeys } from "../../data/access/api-key.ts";
import { createAccessStore } from "../../platform/db/access-store.ts";
import { openDb } from "../../platform/db/open.ts";
import { apiKeyNotice, runKeyCli } from "./key-cli.ts";

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

  test("rotate with anything after it is refused with the usage, and no key is made", () => {
    const { code, out, err } = rotate(["rotate", "now"]);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toMatch(/^Usage: npm run store -- key rotate/);
  });

  test.each(["help", "--help"])("%s prints the usage and exits 0", (arg) => {
    const { code, err } = rotate([arg]);
    expect(code).toBe(0);
    expect(err).toMatch(/^Usage: npm run store -- key rotate/);
  });

  test("the rotation is in the owner's audit log as the command's", () => {
    rotate();
    const db = openDb(join(dir, "store.db"));
    try {
      const rows = db
        .prepare<[], { actor_kind: string; action: string }>(
          "SELECT actor_kind, action FROM audit_log",
        )
        .all();
      expect(rows).toEqual([{ actor_kind: "command", action: "api-key.rotate" }]);
    } finally {
      db.close();
    }
  });

  test("a data directory that cannot be opened exits 1 with the reason, and prints no key", () => {
    const file = join(dir, "not-a-directory");
    writeFileSync(file, "");
    const out: string[] = [];
    const err: string[] = [];
    const code = runKeyCli(
      ["rotate"],
      { DATA_DIR: file },
      (l) => out.push(l),
      (l) => err.push(l),
    );
    expect(code).toBe(1);
    expect(out).toEqual([]);
    expect(err.join("\n")).toMatch(/^key: \S/);
  });
});

describe("the key's notice", () => {
  test("says whether the key was created or replaced, alone on its line, and how to send it", () => {
    const created = apiKeyNotice("IST.key", "created").split("\n");
    expect(created[0]).toBe(
      "store: created the API key for elevated calls. It is shown only this once; keep it secret:",
    );
    expect(created[1]).toBe("IST.key");
    expect(created[2]).toBe(
      "store: send it as `Authorization: <key>`. To replace it: npm run store -- key rotate",
    );
    expect(apiKeyNotice("IST.key", "rotated").split("\n")[0]).toMatch(
      /^store: replaced the API key /,
    );
  });
});
