/**
 * @module `npm run store -- files prune`: removes the owner's files that no unrevoked share
 * uses (their rows, receipts and bytes), the bytes of files whose row is gone (an upload cut
 * off before its row, a member's deletion cut off between their rows and their bytes), and
 * leftover temporary files. Anything younger than an hour stays: an upload writes its bytes
 * before its row, and is shared after.
 */

import type { Db } from "../platform/db/sql-db.ts";
import { runPruneCommand } from "../platform/prune-command.ts";
import { createFileStorage, type FileStorage, filesDirOf } from "./file-storage.ts";
import { createFilesStore } from "./files-store.ts";

const USAGE = `Usage: npm run store -- files prune

Removes the private files no share uses (the owner's files whose shares are all revoked, or
that were never shared) and the bytes in DATA_DIR/files that no file's row names, except those
written or uploaded within the last hour. Uses DATA_DIR (default ./data) and DATABASE_URL.`;

const GRACE_MS = 60 * 60 * 1000;

/** Removes what no share uses; returns how many files (rows or bytes) went. */
export function pruneFiles(db: Db, storage: FileStorage, now = Date.now()): number {
  const store = createFilesStore(db);
  let removed = 0;
  for (const file of store.unusedOwnerFiles(now - GRACE_MS)) {
    store.dropFile(file.id);
    storage.remove(file.id);
    removed += 1;
  }
  const known = store.fileIds();
  for (const entry of storage.entries()) {
    if (entry.id !== null && known.has(entry.id)) continue;
    if (now - entry.mtimeMs < GRACE_MS) continue;
    storage.remove(entry.name);
    removed += 1;
  }
  return removed;
}

export function runFilesCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): number {
  return runPruneCommand(
    {
      usage: USAGE,
      prune: (db, config) => {
        const storage = createFileStorage(filesDirOf(config.dataDir));
        const removed = pruneFiles(db, storage);
        return `store: removed ${removed} unused private file(s) from ${storage.dir}`;
      },
    },
    args,
    env,
    out,
    err,
  );
}
