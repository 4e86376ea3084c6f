import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import type { FastifyInstance } from "fastify";
import { afterEach, expect, test } from "vitest";
import { createApiKeys } from "../data/access/api-key.ts";
import { createApp } from "../main/app.ts";
import { runBackupCli } from "../main/commands/backup-cli.ts";
import { createMediaFiles, mediaDirOf } from "../media/media-files.ts";
import { createAccessStore } from "../platform/db/access-store.ts";
import { openDb, storeDbFile } from "../platform/db/open.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { BackupRefused, backupDatabase, checkDatabaseFile, restoreDatabase } from "./db-backup.ts";

type Served = { app: FastifyInstance; db: Db; apiKey: string; dir: string; file: string };
const open: Served[] = [];

afterEach(async () => {
  for (const served of open.splice(0)) await served.app.close();
});

/** The store on a database file in a fresh DATA_DIR, serving through `inject`. */
function serve(): Served {
  const dir = mkdtempSync(join(tmpdir(), "db-backup-"));
  const file = storeDbFile(dir);
  const db = openDb(file);
  const apiKey = createApiKeys(createAccessStore(db)).rotate();
  const app = createApp({ db, config: { clientId: "c", signingKey: new Uint8Array(32).fill(5) } });
  app.addHook("onClose", async () => db.close());
  const served = { app, db, apiKey, dir, file };
  open.push(served);
  return served;
}

async function insert(served: Served, id: string): Promise<number> {
  const response = await served.app.inject({
    method: "POST",
    url: "/wix-data/v2/items",
    headers: { authorization: served.apiKey },
    payload: {
      dataCollectionId: "Clients",
      dataItem: { data: { _id: id, text: `${id} `.repeat(200) } },
    },
  });
  return response.statusCode;
}

async function ids(served: Served): Promise<string[]> {
  const response = await served.app.inject({
    method: "POST",
    url: "/wix-data/v2/items/query",
    headers: { authorization: served.apiKey },
    payload: { dataCollectionId: "Clients", query: { paging: { limit: 1000 } } },
  });
  return (response.json() as { dataItems: { id: string }[] }).dataItems
    .map((item) => item.id)
    .sort();
}

function storedIds(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare<[], string>("SELECT id FROM items WHERE collection_id = 'Clients' ORDER BY id")
      .pluck()
      .all();
  } finally {
    db.close();
  }
}

function dump(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    return JSON.stringify(db.prepare("SELECT * FROM items ORDER BY rowid").all());
  } finally {
    db.close();
  }
}

test("a backup taken while items are written is a whole snapshot, and no write fails meanwhile", async () => {
  const served = serve();
  for (let n = 0; n < 50; n++) await insert(served, `before-${n}`);
  let writing = true;
  const statuses: number[] = [];
  const writer = (async () => {
    for (let n = 0; writing; n++) statuses.push(await insert(served, `during-${n}`));
  })();
  const destination = join(served.dir, "backup.db");
  await backupDatabase(served.file, destination);
  writing = false;
  await writer;

  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.every((status) => status === 200)).toBe(true);
  expect(checkDatabaseFile(destination)).toMatchObject({ ok: true });
  const copied = storedIds(destination);
  const live = await ids(served);
  expect(copied.filter((id) => id.startsWith("before-"))).toHaveLength(50);
  expect(copied.every((id) => live.includes(id))).toBe(true);
});

test("a backup file is readable by its owner only", async () => {
  const served = serve();
  const destination = join(served.dir, "backup.db");
  await backupDatabase(served.file, destination);
  expect(statSync(destination).mode & 0o777).toBe(0o600);
});

test("restoring while the store serves brings the backed-up content back at once", async () => {
  const served = serve();
  await insert(served, "kept");
  const destination = join(served.dir, "backup.db");
  await backupDatabase(served.file, destination);
  await insert(served, "added-later");
  expect(await ids(served)).toEqual(["added-later", "kept"]);

  const summary = await restoreDatabase(served.file, destination);

  expect(await ids(served)).toEqual(["kept"]);
  expect(storedIds(summary.previous)).toEqual(["added-later", "kept"]);
  expect(await insert(served, "after-restore")).toBe(200);
});

test.each([
  [
    "a file that is not a database",
    (file: string) => writeFileSync(file, "not a database at all, just some text".repeat(200)),
  ],
  [
    "a truncated backup",
    (file: string) => writeFileSync(file, readFileSync(file).subarray(0, 4096 * 3)),
  ],
  [
    "a backup from a newer store",
    (file: string) => {
      const db = new Database(file);
      db.prepare("INSERT INTO schema_migrations (version) VALUES (9999)").run();
      db.close();
    },
  ],
  [
    "a database of something else",
    (file: string) => {
      const db = new Database(`${file}.other`);
      db.exec("CREATE TABLE notes (text TEXT)");
      db.close();
      writeFileSync(file, readFileSync(`${file}.other`));
    },
  ],
])("restore refuses %s and leaves the current database as it was", async (_name, spoil) => {
  const served = serve();
  await insert(served, "kept");
  const backup = join(served.dir, "backup.db");
  await backupDatabase(served.file, backup);
  await insert(served, "current");
  spoil(backup);
  const before = dump(served.file);

  await expect(restoreDatabase(served.file, backup)).rejects.toBeInstanceOf(BackupRefused);

  expect(dump(served.file)).toBe(before);
  expect(await ids(served)).toEqual(["current", "kept"]);
});

test("the backup and restore commands work on DATA_DIR and say what they did", async () => {
  const served = serve();
  await insert(served, "kept");
  const lines: string[] = [];
  const io = {
    env: { DATA_DIR: served.dir },
    cwd: served.dir,
    out: (l: string) => lines.push(l),
    err: (l: string) => lines.push(l),
  };
  expect(await runBackupCli("backup", ["copy.db"], io)).toBe(0);
  expect(existsSync(join(served.dir, "copy.db"))).toBe(true);
  expect(await runBackupCli("restore", ["copy.db"], io)).toBe(0);
  expect(lines.join("\n")).toMatch(/backed up .* restored/s);
});

test("backup copies the pictures' files beside the database, and restore brings lost ones back", async () => {
  const served = serve();
  const media = createMediaFiles(mediaDirOf(served.dir));
  const src = media.write(Buffer.from("<svg/>"), "svg");
  const name = src.slice("/media/".length);
  const io = { env: { DATA_DIR: served.dir }, cwd: served.dir, out: () => {}, err: () => {} };
  expect(await runBackupCli("backup", ["copy.db"], io)).toBe(0);
  expect(readdirSync(join(served.dir, "copy.db.media"))).toEqual([name]);
  media.remove(name);
  expect(await runBackupCli("restore", ["copy.db"], io)).toBe(0);
  expect(media.pathOf(name)).not.toBeNull();
});

test("the restore command exits 1 with the reason for a missing file, and 2 without a file", async () => {
  const served = serve();
  const lines: string[] = [];
  const io = {
    env: { DATA_DIR: served.dir },
    cwd: served.dir,
    out: (l: string) => lines.push(l),
    err: (l: string) => lines.push(l),
  };
  expect(await runBackupCli("restore", ["missing.db"], io)).toBe(1);
  expect(lines.at(-1)).toMatch(/refused: .*missing\.db does not exist/);
  expect(await runBackupCli("restore", [], io)).toBe(2);
});
