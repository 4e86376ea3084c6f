/**
 * @module `npm run store -- backup FILE` and `npm run store -- restore FILE` on DATA_DIR's
 * database, both also while the store runs (db-backup.ts).
 */
import { resolve } from "node:path";
import { BackupRefused, backupDatabase, restoreDatabase } from "../../backup/index.ts";
import { backupFilesDir, copyMissingFiles, filesDirOf } from "../../files/index.ts";
import { backupMediaDir, copyMissingMedia, mediaDirOf } from "../../media/index.ts";
import { readEnvConfig } from "../../platform/config.ts";
import { storeDbFile } from "../../platform/db/open.ts";

const USAGE = `Usage: npm run store -- backup FILE
       npm run store -- restore FILE

backup   copies the database to FILE (a consistent snapshot, also while the store serves and
         writes; FILE is replaced, readable by you only), the pictures' files to FILE.media/
         and the private files to FILE.files/.
restore  checks FILE (integrity, schema, migrations), keeps the current database as
         store.db.before-restore-<time>, then replaces the content in one transaction; a
         running store serves the restored content at once. A corrupt file changes nothing.
         The pictures' and private files of FILE.media/ and FILE.files/ that DATA_DIR lacks
         are copied back.
Uses DATA_DIR (default ./data).`;

export type BackupCliIo = {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
};

const defaultIo: BackupCliIo = {
  env: process.env,
  cwd: process.cwd(),
  out: console.log,
  err: console.error,
};

/** Runs `backup FILE` or `restore FILE`; returns the exit code (2 for usage, 1 for failure). */
export async function runBackupCli(
  command: "backup" | "restore",
  args: readonly string[],
  io: BackupCliIo = defaultIo,
): Promise<number> {
  const [file, ...rest] = args;
  if (file === undefined || rest.length > 0 || file === "--help") {
    io.err(USAGE);
    return file === "--help" ? 0 : 2;
  }
  try {
    const { dataDir, databaseUrl } = readEnvConfig(io.env, io.cwd);
    if (databaseUrl !== null) {
      io.err(
        `store: ${command} copies DATA_DIR's SQLite file; with DATABASE_URL, back up PostgreSQL with its own tools (pg_dump, or your host's snapshots), and the files in ${mediaDirOf(dataDir)} and ${filesDirOf(dataDir)}`,
      );
      return 1;
    }
    const dbFile = storeDbFile(dataDir);
    const target = resolve(io.cwd, file);
    if (command === "backup") {
      const summary = await backupDatabase(dbFile, target);
      const copied = copyMissingMedia(mediaDirOf(dataDir), backupMediaDir(target));
      const files = copyMissingFiles(filesDirOf(dataDir), backupFilesDir(target));
      io.out(
        `store: backed up ${dbFile} to ${summary.file} (checked: integrity ok, ${summary.migrations} migrations), ${copied} new picture file(s) to ${backupMediaDir(target)}, ${files} new private file(s) to ${backupFilesDir(target)}`,
      );
    } else {
      const summary = await restoreDatabase(dbFile, target);
      const copied = copyMissingMedia(backupMediaDir(target), mediaDirOf(dataDir));
      const files = copyMissingFiles(backupFilesDir(target), filesDirOf(dataDir));
      io.out(
        `store: restored ${summary.restored} into ${dbFile}; the previous database is kept as ${summary.previous}; ${copied} picture file(s) and ${files} private file(s) brought back`,
      );
    }
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.err(`${command}: ${error instanceof BackupRefused ? "refused: " : ""}${message}`);
    return 1;
  }
}
