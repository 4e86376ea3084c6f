/** @module Opens the SQLite database with the store's pragmas, functions and schema. */
import { join } from "node:path";
import Database from "better-sqlite3";
import { createPrivateFile, describeDataDirReport, prepareDataDirModes } from "./data-dir.ts";
import { migrate } from "./migrate.ts";
import { openPgDb } from "./postgres/open-pg.ts";
import { syncSiteCollections } from "./site-collections.ts";
import type { Db } from "./sql-db.ts";
import { registerSqlFunctions } from "./sql-functions.ts";
import { SqliteDb } from "./sqlite-db.ts";
import { startWalCheckpointer } from "./wal-checkpointer.ts";

/** Opens (creating if needed) and migrates a database, then syncs the registry's collections; `":memory:"` for tests. */
export function openDb(filename: string): SqliteDb {
  if (filename !== ":memory:" && filename !== "") createPrivateFile(filename);
  const sqlite = new Database(filename);
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("synchronous = NORMAL");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("busy_timeout = 5000");
    registerSqlFunctions(sqlite);
    migrate(sqlite);
    const inFile = filename !== ":memory:" && filename !== "";
    const db = new SqliteDb(sqlite, inFile ? startWalCheckpointer(sqlite, filename) : null);
    syncSiteCollections(db);
    return db;
  } catch (error) {
    sqlite.close();
    throw error;
  }
}

/** The store's database file in DATA_DIR. */
export function storeDbFile(dataDir: string): string {
  return join(dataDir, "store.db");
}

/** Where the store keeps its state: DATABASE_URL's PostgreSQL, else DATA_DIR's SQLite file. */
export type StoreLocation = {
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL: commits wait for the WAL to reach the disk (default: no, as SQLite's NORMAL). */
  databaseSynchronousCommit?: boolean;
};

export function openStoreDb({
  dataDir,
  databaseUrl,
  databaseSynchronousCommit,
}: StoreLocation): Db {
  return databaseUrl === null
    ? openDb(storeDbFile(dataDir))
    : openPgDb({ url: databaseUrl, synchronousCommit: databaseSynchronousCommit ?? false });
}

/** For the commands: opens the store's database (creating DATA_DIR), runs `fn`, closes it. */
export function withStoreDb<T>(location: StoreLocation, fn: (db: Db) => T): T {
  for (const line of describeDataDirReport(prepareDataDirModes(location.dataDir))) {
    console.error(line);
  }
  const db = openStoreDb(location);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}
