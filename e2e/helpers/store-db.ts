import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { type Db, PgDb, SqliteDb } from "../../apps/store/src/main/testing.ts";

type ItemData = Record<string, unknown>;

const CONTENT_DIR = join(import.meta.dirname, "../../content");

/** The sample content the store seeds on first start. */
export function readSampleItems(collection: string): ItemData[] {
  return JSON.parse(readFileSync(join(CONTENT_DIR, `${collection}.json`), "utf8")) as ItemData[];
}

/** The running store's DATA_DIR, which e2e/playwright.config.ts sets up for every worker. */
export function storeDataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir)
    throw new Error("E2E_DATA_DIR is not set: run the tests through e2e/playwright.config.ts");
  return dir;
}

/** The environment a store command needs to work on the running store's data. */
export function storeCommandEnv(): Record<string, string> {
  const url = process.env.E2E_DATABASE_URL;
  return { DATA_DIR: storeDataDir(), ...(url ? { DATABASE_URL: url } : {}) };
}

function openStoreDb(): Db {
  // scripts/test-postgres.mjs runs the store on PostgreSQL (the config passes it DATABASE_URL).
  const url = process.env.E2E_DATABASE_URL;
  if (url) return PgDb.open({ url, applicationName: "e2e" });
  const sqlite = new Database(join(storeDataDir(), "store.db"));
  sqlite.pragma("busy_timeout = 5000");
  return new SqliteDb(sqlite);
}

/**
 * Runs `use` on a connection to the running store's database (SQLite in DATA_DIR, or
 * PostgreSQL), closed afterwards. SQL in the subset both engines share.
 */
export function withStoreDb<T>(use: (db: Db) => T): T {
  const db = openStoreDb();
  try {
    return use(db);
  } finally {
    db.close();
  }
}

/** An item's stored data, parsed; undefined when there is no such item. */
export function storedItemData(collection: string, id: string): ItemData | undefined {
  const row = withStoreDb((db) =>
    db
      .prepare<[string, string], { data: string }>(
        "SELECT data FROM items WHERE collection_id = ? AND id = ?",
      )
      .get(collection, id),
  );
  return row ? (JSON.parse(row.data) as ItemData) : undefined;
}

function setItemText(collection: string, id: string, text: unknown): void {
  const stored = storedItemData(collection, id);
  if (!stored) return;
  // A lone UPDATE waits its turn (busy_timeout). A read and then a write in one transaction would
  // fail at once ("database is locked") whenever the running store commits between the two.
  withStoreDb((db) =>
    db
      .prepare("UPDATE items SET data = ? WHERE collection_id = ? AND id = ?")
      .run(JSON.stringify({ ...stored, data: text }), collection, id),
  );
}

/**
 * Changes an item's `data` text directly in the running store's database, as another writer
 * would, and returns a function that puts the old text back.
 */
export function updateItemText(collection: string, id: string, text: string): () => void {
  const stored = storedItemData(collection, id);
  if (!stored) throw new Error(`No item ${id} in ${collection}`);
  const previous = stored.data;
  setItemText(collection, id, text);
  return () => setItemText(collection, id, previous);
}
