import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COLLECTION_NAMES } from "@consultant/site-content";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createItemsStore } from "../../data/storage/items-store.ts";
import { openDb } from "../../platform/db/open.ts";
import { runContentCli } from "./content-command.ts";

let dir: string;
let out: string[];
let err: string[];

function run(...args: string[]) {
  return runContentCli(args, {
    env: { DATA_DIR: join(dir, "data") },
    cwd: dir,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    now: () => Date.parse("2024-03-03T00:00:00.000Z"),
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "store-content-cli-"));
  mkdirSync(join(dir, "data"));
  const db = openDb(join(dir, "data", "store.db"));
  createItemsStore(db).insert("Clients", { _id: "a", itemData: "A" }, { now: 0, ownerId: "o" });
  db.close();
  out = [];
  err = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("npm run content", () => {
  test("export then a dry-run import of an edited file prints the changes", () => {
    expect(run("export", "out")).toBe(0);
    expect(out.at(-1)).toBe(
      `content: exported ${COLLECTION_NAMES.length} collections to ${join(dir, "out")}`,
    );
    writeFileSync(join(dir, "out", "Clients.json"), '[{"_id": "b"}]');
    out = [];
    expect(run("import", "out", "--dry-run")).toBe(0);
    expect(out[0]).toMatch(/dry run .* nothing was changed/);
    expect(out).toContain("  Clients: 1 added (b), 0 updated, 1 removed (a)");
  });

  test("a dry run names the collections an import would create, then the import creates them", () => {
    mkdirSync(join(dir, "in"));
    writeFileSync(join(dir, "in", "Guestbook.json"), '[{"_id": "g1", "text": "Hi"}]');
    writeFileSync(
      join(dir, "in", "Notes.collection.json"),
      JSON.stringify({
        id: "Notes",
        fields: [{ key: "title", type: "TEXT" }],
        permissions: {
          read: "SITE_MEMBER",
          insert: "SITE_MEMBER",
          update: "SITE_MEMBER_AUTHOR",
          remove: "SITE_MEMBER_AUTHOR",
        },
      }),
    );
    expect(run("import", "in", "--dry-run")).toBe(0);
    expect(out).toContain("  Guestbook: new collection, 1 added (g1), 0 updated, 0 removed");
    expect(out).toContain("  Notes: new collection, 0 added, 0 updated, 0 removed");
    out = [];
    expect(run("import", "in")).toBe(0);
    expect(run("export", "out")).toBe(0);
    expect(out).toContain("  Guestbook.json: 1 item");
    expect(out.at(-1)).toBe(
      `content: exported ${COLLECTION_NAMES.length + 2} collections to ${join(dir, "out")}`,
    );
  });

  test("a bad file fails with exit code 1 and names it", () => {
    mkdirSync(join(dir, "in"));
    writeFileSync(join(dir, "in", "Clients.json"), "[");
    expect(run("import", "in")).toBe(1);
    expect(err).toEqual([
      expect.stringMatching(
        /^content: in\/Clients\.json: is not valid JSON .*; nothing was changed$/,
      ),
    ]);
  });

  test("wrong arguments print the usage with exit code 2", () => {
    expect(run("import")).toBe(2);
    expect(run("import", "x", "--force")).toBe(2);
    expect(err[0]).toMatch(/^Usage: npm run content -- export DIR/);
  });

  test("without a store database it says so", () => {
    rmSync(join(dir, "data"), { recursive: true });
    expect(run("export", "out")).toBe(1);
    expect(err[0]).toMatch(/no store database/);
  });
});
