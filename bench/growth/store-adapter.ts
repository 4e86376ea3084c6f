/**
 * @module Every coupling of the growth bench with the store's SQLite internals lives here (and in
 * app-runner.ts): its database module (openDb, createItemsStore), its declared fields
 * (createDeclaredFields), its API key, its Fastify app and its schema (the `collections` and
 * `items` tables). Collections are added and items inserted through the db module, as the
 * store's own seeding does. pg-store-adapter.ts is the same interface on PostgreSQL.
 */

import {
  createAccessStore,
  createApiKeys,
  createItemsStore,
  type Db,
  type DeclaredField,
  openDb,
} from "../../apps/store/src/main/testing.ts";
import {
  createGrowthCollection,
  openAppRunner,
  type Params,
  type QueryRunner,
} from "./app-runner.ts";

export type { QueryRunner, QueryTiming } from "./app-runner.ts";

const INSERT_BATCH = 10_000;
// Indexes the schema itself creates; any other index on `items` serves declared fields.
const BASE_INDEX = /^(sqlite_autoindex_items_|items_collection_seq$)/;

export interface GrowthStore extends QueryRunner {
  /** Adds a collection that declares `fields` (each gets the store's expression index). */
  createCollection(id: string, fields?: readonly DeclaredField[]): void;
  /** Inserts `count` generated items as the store's own insert writes them, in large batches. */
  insertItems(
    collectionId: string,
    count: number,
    makeItem: (i: number) => Record<string, unknown>,
  ): void;
  /** Brings the database to rest (checkpoint, statistics), so reads do not pay for the load. */
  settle(): void;
  /** Indexes on `items` beyond the base schema's (expression indexes for declared fields). */
  extraIndexes(): string[];
  /**
   * The same store on a second connection that does without the extra indexes: queries there
   * scan, while this connection still uses them. Close it before inserting again.
   */
  openScanTwin(): Promise<QueryRunner>;
}

function listExtraIndexes(db: Db): string[] {
  const rows = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items'")
    .all() as { name: string }[];
  return rows.map((row) => row.name).filter((name) => !BASE_INDEX.test(name));
}

function explainSqlite(db: Db) {
  return (sql: string, params: Params) => {
    const plan = db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
    return plan.map((row) => row.detail).join("; ");
  };
}

export async function openGrowthStore(file: string): Promise<GrowthStore> {
  const db = openDb(file);
  const store = createItemsStore(db);
  const apiKey = createApiKeys(createAccessStore(db)).rotate();
  const runner = await openAppRunner(db, apiKey, { explain: explainSqlite(db) });
  return {
    ...runner,
    createCollection: (id, fields = []) => createGrowthCollection(db, id, fields),
    insertItems(collectionId, count, makeItem) {
      const options = { now: Date.UTC(2025, 0, 1), ownerId: "" };
      for (let start = 0; start < count; start += INSERT_BATCH) {
        const end = Math.min(count, start + INSERT_BATCH);
        store.transaction(() => {
          for (let i = start; i < end; i += 1) store.insert(collectionId, makeItem(i), options);
        });
      }
    },
    settle() {
      db.sqlite.pragma("wal_checkpoint(TRUNCATE)");
    },
    extraIndexes: () => listExtraIndexes(db),
    openScanTwin() {
      const twin = openDb(file);
      // After the app starts, in case the store (re)creates its indexes on start. The open
      // transaction drops the indexes for this connection only; closing rolls back.
      return openAppRunner(twin, apiKey, {
        explain: explainSqlite(twin),
        beforeQueries: () => {
          twin.exec("BEGIN IMMEDIATE");
          for (const name of listExtraIndexes(twin)) {
            twin.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
          }
        },
        afterClose: () => {
          if (twin.inTransaction) twin.exec("ROLLBACK");
        },
      });
    },
  };
}
