/**
 * @module Backups of the whole database without stopping the store: SQLite's online backup
 * (`better-sqlite3`'s `db.backup()`) copies a consistent snapshot while the store serves and
 * writes; restore checks a file first (integrity, schema and migrations), keeps the current
 * database beside it, and only then replaces the content in one transaction, which a running
 * store sees on its next read.
 */
import { chmodSync, existsSync, renameSync, rmSync } from "node:fs";
import Database from "better-sqlite3";
import { listMigrations } from "../platform/db/migrate.ts";
import { openDb } from "../platform/db/open.ts";

/** The tables a store database cannot do without. */
const REQUIRED_TABLES = ["collections", "items", "meta", "schema_migrations"];
/** After the first step, copy every remaining page at once: one consistent snapshot. */
const ALL_REMAINING_PAGES = 2 ** 30;
const FILE_MODE = 0o600;

export type DatabaseCheck = { ok: true; migrations: number } | { ok: false; problem: string };

/** A file the store must not restore from, with the reason. */
export class BackupRefused extends Error {}

/** Checks that `file` is a whole store database this code can open (same or older schema). */
export function checkDatabaseFile(file: string): DatabaseCheck {
  if (!existsSync(file)) return { ok: false, problem: `${file} does not exist` };
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { ok: false, problem: `cannot open ${file}: ${(error as Error).message}` };
  }
  try {
    const integrity = db.pragma("integrity_check", { simple: true });
    if (integrity !== "ok") return { ok: false, problem: `integrity check failed: ${integrity}` };
    const tables = new Set(
      db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all(),
    );
    const missing = REQUIRED_TABLES.filter((table) => !tables.has(table));
    if (missing.length > 0) {
      return { ok: false, problem: `not a store database (no ${missing.join(", ")} table)` };
    }
    const known = new Set(listMigrations().map((migration) => migration.version));
    const applied = db
      .prepare<[], number>("SELECT version FROM schema_migrations ORDER BY version")
      .pluck()
      .all();
    const unknown = applied.filter((version) => !known.has(version));
    if (unknown.length > 0) {
      return {
        ok: false,
        problem: `made by a newer store (migrations ${unknown.join(", ")} are unknown here)`,
      };
    }
    return { ok: true, migrations: applied.length };
  } catch (error) {
    return { ok: false, problem: `not a readable database: ${(error as Error).message}` };
  } finally {
    db.close();
  }
}

async function copyDatabase(source: Database.Database, destination: string): Promise<void> {
  await source.backup(destination, { progress: () => ALL_REMAINING_PAGES });
}

function removeQuietly(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    rmSync(path, { force: true });
  }
}

export type BackupSummary = { file: string; migrations: number };

/**
 * Copies the database `dbFile` to `destination` (replaced atomically, mode 0600), also while
 * a store serves and writes it. The copy is checked before it takes the destination's name.
 * @throws Error when there is no database or the copy does not check out.
 */
export async function backupDatabase(dbFile: string, destination: string): Promise<BackupSummary> {
  if (!existsSync(dbFile)) throw new Error(`there is no database at ${dbFile}`);
  const partial = `${destination}.partial-${process.pid}`;
  const source = new Database(dbFile, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    await copyDatabase(source, partial);
    chmodSync(partial, FILE_MODE);
    const check = checkDatabaseFile(partial);
    if (!check.ok) throw new Error(`the copy does not check out: ${check.problem}`);
    renameSync(partial, destination);
    return { file: destination, migrations: check.migrations };
  } finally {
    source.close();
    removeQuietly(partial);
  }
}

export type RestoreSummary = { restored: string; previous: string };

/**
 * Replaces the content of `dbFile` with the backup `file`: checks the backup (refusing a
 * corrupt, foreign or newer file with BackupRefused, the current database untouched), brings
 * a copy of it up to this store's migrations, keeps the current database as `previous`, then
 * copies the backup in with one transaction. A store running on `dbFile` keeps serving and
 * reads the restored content from then on (the content version moves past both).
 */
export async function restoreDatabase(
  dbFile: string,
  file: string,
  now: Date = new Date(),
): Promise<RestoreSummary> {
  const check = checkDatabaseFile(file);
  if (!check.ok) throw new BackupRefused(`${file} cannot be restored: ${check.problem}`);
  const staged = `${dbFile}.restore-${process.pid}`;
  const previous = `${dbFile}.before-restore-${now.toISOString().replaceAll(":", "-")}`;
  try {
    const backup = new Database(file, { readonly: true, fileMustExist: true });
    try {
      await copyDatabase(backup, staged);
    } finally {
      backup.close();
    }
    // Older backups are brought up to this store's schema before they replace anything.
    const stagedDb = openDb(staged);
    try {
      const stagedCheck = stagedDb.sqlite.pragma("integrity_check", { simple: true });
      if (stagedCheck !== "ok")
        throw new BackupRefused(`${file} fails after migrating: ${stagedCheck}`);
      if (existsSync(dbFile)) await backupDatabase(dbFile, previous);
      const live = openDb(dbFile);
      try {
        const versionBefore = contentVersion(live.sqlite);
        await copyDatabase(stagedDb.sqlite, dbFile);
        // Cached answers are keyed by content version: move past every version either had.
        live
          .prepare("UPDATE meta SET value = ? WHERE key = 'content_version'")
          .run(Math.max(versionBefore, contentVersion(live.sqlite)) + 1);
        const after = live.sqlite.pragma("integrity_check", { simple: true });
        if (after !== "ok") throw new Error(`the restored database fails its check: ${after}`);
      } finally {
        live.close();
      }
    } finally {
      stagedDb.close();
    }
    chmodSync(dbFile, FILE_MODE);
    return { restored: file, previous };
  } finally {
    removeQuietly(staged);
  }
}

function contentVersion(db: Database.Database): number {
  return (
    db.prepare<[], number>("SELECT value FROM meta WHERE key = 'content_version'").pluck().get() ??
    0
  );
}
