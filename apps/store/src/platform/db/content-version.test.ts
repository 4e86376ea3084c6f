import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createItemsStore } from "../../data/storage/items-store.ts";
import { openDb } from "./open.ts";
import type { Db } from "./sql-db.ts";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const opened: Db[] = [];
let dir: string | undefined;

function twoConnections() {
  dir = mkdtempSync(join(tmpdir(), "content-version-"));
  const file = join(dir, "store.db");
  const ours = openDb(file);
  const theirs = openDb(file);
  opened.push(ours, theirs);
  return { ours, theirs };
}

afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const insert = (db: Db, id: string) =>
  createItemsStore(db).insert("About", { _id: id }, { now: 0, ownerId: "o" });

describe("db.contentVersion()", () => {
  test("a write through the same connection shows at once, within the same turn", () => {
    const db = openDb(":memory:");
    opened.push(db);
    const version = db.contentVersion();
    const before = version.current();
    insert(db, "a");
    expect(version.current()).toBe(before + 1);
    insert(db, "b");
    expect(version.current()).toBe(before + 2);
  });

  test("a commit by another connection shows from the next event-loop turn", async () => {
    const { ours, theirs } = twoConnections();
    const version = ours.contentVersion();
    const before = version.current();
    insert(theirs, "a");
    await nextTurn();
    expect(version.current()).toBe(before + 1);
    insert(theirs, "b");
    await nextTurn();
    expect(version.current()).toBe(before + 2);
  });

  test("inside a transaction reads afresh, and a rollback leaves no kept value behind", async () => {
    const { ours, theirs } = twoConnections();
    const version = ours.contentVersion();
    const before = version.current();
    const rolledBack = ours.transaction(() => {
      insert(ours, "a");
      expect(version.current()).toBe(before + 1);
      throw new Error("roll back");
    });
    expect(() => rolledBack()).toThrow("roll back");
    expect(version.current()).toBe(before);
    await nextTurn();
    insert(theirs, "b");
    await nextTurn();
    expect(version.current()).toBe(before + 1);
  });

  test("one reader per connection, shared by every store on it", () => {
    const db = openDb(":memory:");
    opened.push(db);
    expect(db.contentVersion()).toBe(db.contentVersion());
    const store = createItemsStore(db);
    insert(db, "a");
    expect(store.contentVersion()).toBe(db.contentVersion().current());
  });
});
