import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { loadSigningKey } from "../secrets/signing-key.ts";
import { prepareDataDirModes } from "./data-dir.ts";
import { openDb, storeDbFile } from "./open.ts";

const modeOf = (path: string) => statSync(path).mode & 0o777;
let previousUmask: number;
let parent: string;

beforeEach(() => {
  // The usual default, which leaves new files readable by everyone.
  previousUmask = process.umask(0o022);
  parent = mkdtempSync(join(tmpdir(), "data-dir-"));
});
afterEach(() => {
  process.umask(previousUmask);
});

test("a new DATA_DIR is created readable by its owner only, and so are the database and key", () => {
  const dataDir = join(parent, "data");
  prepareDataDirModes(dataDir);
  const db = openDb(storeDbFile(dataDir));
  db.exec("CREATE TABLE probe (x); INSERT INTO probe VALUES (1);");
  loadSigningKey(dataDir);
  expect(modeOf(dataDir)).toBe(0o700);
  for (const file of ["store.db", "store.db-wal", "store.db-shm", "signing.key"]) {
    expect([file, modeOf(join(dataDir, file))]).toEqual([file, 0o600]);
  }
  db.close();
});

test("an existing DATA_DIR readable by others is tightened, with its files, and reported", () => {
  const dataDir = join(parent, "old");
  mkdirSync(dataDir, { mode: 0o755 });
  writeFileSync(join(dataDir, "store.db"), "");
  chmodSync(join(dataDir, "store.db"), 0o644);
  const report = prepareDataDirModes(dataDir);
  expect(modeOf(dataDir)).toBe(0o700);
  expect(modeOf(join(dataDir, "store.db"))).toBe(0o600);
  expect(report.tightened).toEqual([dataDir, join(dataDir, "store.db")]);
  expect(report.loose).toEqual([]);
});

test("an owner-only DATA_DIR is left as it is", () => {
  const dataDir = join(parent, "private");
  prepareDataDirModes(dataDir);
  expect(prepareDataDirModes(dataDir)).toEqual({ tightened: [], loose: [] });
});
