/**
 * The private files' bytes travel with backups and restores, and `files prune` removes only
 * what no share uses: never a shared file, a member's upload, or anything under an hour old.
 */
import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterEach, expect, test } from "vitest";
import { runBackupCli } from "../main/commands/backup-cli.ts";
import { openDb, storeDbFile } from "../platform/db/open.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { createFileStorage, type FileStorage, filesDirOf } from "./file-storage.ts";
import { createFilesStore, type FileRow } from "./files-store.ts";
import { pruneFiles } from "./prune-files.ts";

const HOUR = 60 * 60 * 1000;
const opened: Db[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), "files-backup-"));
  const db = openDb(storeDbFile(dir));
  opened.push(db);
  return { dir, db, storage: createFileStorage(filesDirOf(dir)) };
}

async function stored(storage: FileStorage, db: Db, uploadedBy: string | null, at: number) {
  const written = await storage.write(Readable.from([Buffer.from("%PDF-1.7")]), 1000, () => {});
  const file: FileRow = {
    ...written,
    name: "a.pdf",
    type: "application/pdf",
    uploadedBy,
    createdAt: at,
  };
  createFilesStore(db).addFile(file);
  return file.id;
}

test("backup copies the private files beside the database, and restore brings lost ones back", async () => {
  const { dir, db, storage } = dataDir();
  const id = await stored(storage, db, null, Date.now());
  const io = { env: { DATA_DIR: dir }, cwd: dir, out: () => {}, err: () => {} };
  expect(await runBackupCli("backup", ["copy.db"], io)).toBe(0);
  expect(readdirSync(join(dir, "copy.db.files"))).toEqual([id]);
  storage.remove(id);
  expect(storage.pathOf(id)).toBeNull();
  expect(await runBackupCli("restore", ["copy.db"], io)).toBe(0);
  expect(storage.pathOf(id)).not.toBeNull();
});

test("prune removes unshared and revoked files and stray bytes, and keeps the rest", async () => {
  const { db, storage } = dataDir();
  const files = createFilesStore(db);
  const now = Date.now();
  const old = now - 2 * HOUR;
  const unshared = await stored(storage, db, null, old);
  const shared = await stored(storage, db, null, old);
  const revoked = await stored(storage, db, null, old);
  const upload = await stored(storage, db, "member-1", old);
  const fresh = await stored(storage, db, null, now);
  const share = (id: string, fileId: string) =>
    files.addShare({
      id,
      fileIds: [fileId],
      memberIds: ["member-1"],
      allMembers: false,
      folder: "",
      note: "",
      expiresAt: null,
      createdAt: old,
    });
  share("s1", shared);
  share("s2", revoked);
  files.revoke("s2", old);
  const stray = "f".repeat(32);
  writeFileSync(join(storage.dir, stray), "left by a deleted member's upload");
  utimesSync(join(storage.dir, stray), old / 1000, old / 1000);

  expect(pruneFiles(db, storage, now)).toBe(3);
  const left = new Set(readdirSync(storage.dir));
  expect(left).toEqual(new Set([shared, upload, fresh]));
  expect(files.file(unshared)).toBeNull();
  expect(files.file(shared)).not.toBeNull();
});
