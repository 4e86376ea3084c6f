import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";

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

/** Runs `use` on a connection to the running store's database, closed afterwards. */
export function withStoreDb<T>(use: (db: Database.Database) => T): T {
  const db = new Database(join(storeDataDir(), "store.db"));
  db.pragma("busy_timeout = 5000");
  try {
    return use(db);
  } finally {
    db.close();
  }
}

function setItemText(collection: string, id: string, text: unknown): void {
  withStoreDb((db) =>
    db
      .prepare(
        "UPDATE items SET data = json_set(data, '$.data', ?) WHERE collection_id = ? AND id = ?",
      )
      .run(text, collection, id),
  );
}

/**
 * Changes an item's `data` text directly in the running store's database, as another writer
 * would, and returns a function that puts the old text back.
 */
export function updateItemText(collection: string, id: string, text: string): () => void {
  const row = withStoreDb((db) =>
    db
      .prepare<[string, string], { data: string }>(
        "SELECT data FROM items WHERE collection_id = ? AND id = ?",
      )
      .get(collection, id),
  );
  if (!row) throw new Error(`No item ${id} in ${collection}`);
  const previous = (JSON.parse(row.data) as ItemData).data;
  setItemText(collection, id, text);
  return () => setItemText(collection, id, previous);
}
