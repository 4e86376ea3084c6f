/**
 * The WAL's checkpoints run in a worker thread while the store writes (the store's connection
 * runs none), none while it only reads, and the last connection to close still drops the WAL.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, expect, test } from "vitest";
import { until } from "../../main/test-kit/purge-receiver.ts";
import { startWalCheckpointer } from "./wal-checkpointer.ts";

let dir: string;
let file: string;
let sqlite: Database.Database;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "wal-checkpointer-"));
  file = join(dir, "store.db");
  sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)");
});
afterEach(() => {
  if (sqlite.open) sqlite.close();
  rmSync(dir, { recursive: true, force: true });
});

test("while the store writes, a worker checkpoints and the store's connection does not", async () => {
  const checkpointer = startWalCheckpointer(sqlite, file, { everyMs: 10, startBytes: 0 });
  expect(sqlite.pragma("wal_autocheckpoint", { simple: true })).toBe(0);
  const insert = sqlite.prepare("INSERT INTO notes (text) VALUES (?)");
  const writing = setInterval(() => insert.run("x".repeat(4000)), 5);
  await until(() => checkpointer.checkpoints > 0, 5000);
  clearInterval(writing);
  expect(checkpointer.started).toBe(true);
  expect(checkpointer.checkpoints).toBeGreaterThan(0);
  await checkpointer.close();
});

test("a store that only reads starts no worker", async () => {
  sqlite.prepare("INSERT INTO notes (text) VALUES ('before')").run();
  const checkpointer = startWalCheckpointer(sqlite, file, { everyMs: 10, startBytes: 0 });
  for (let read = 0; read < 10; read++) {
    expect(sqlite.prepare("SELECT count(*) AS n FROM notes").get()).toEqual({ n: 1 });
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(checkpointer.started).toBe(false);
  await checkpointer.close();
});

test("a store whose WAL stays under SQLite's checkpoint size starts no worker", async () => {
  const checkpointer = startWalCheckpointer(sqlite, file, { everyMs: 10 });
  const insert = sqlite.prepare("INSERT INTO notes (text) VALUES (?)");
  for (let write = 0; write < 10; write++) {
    insert.run("a few words");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(checkpointer.started).toBe(false);
  await checkpointer.close();
});

test("after both connections close, the WAL is gone and every write is in the database file", async () => {
  const checkpointer = startWalCheckpointer(sqlite, file, { everyMs: 10, startBytes: 0 });
  sqlite.prepare("INSERT INTO notes (text) VALUES ('kept')").run();
  await until(() => checkpointer.started, 5000);
  await checkpointer.close();
  sqlite.close();
  expect(existsSync(`${file}-wal`)).toBe(false);
  const reopened = new Database(file, { readonly: true });
  expect(reopened.prepare("SELECT text FROM notes").all()).toEqual([{ text: "kept" }]);
  reopened.close();
});
