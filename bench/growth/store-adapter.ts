/**
 * Every coupling of the growth bench with the store's internals lives here: its database module
 * (openDb, createItemsStore), its declared fields (createDeclaredFields), its API key, its
 * Fastify app (createApp, driven with inject) and its schema (the `collections` and `items`
 * tables). Collections are added and items inserted through the db module, as the store's own
 * seeding does.
 */
import { randomBytes } from "node:crypto";
import { createApp } from "../../apps/store/src/app.ts";
import { createApiKeys } from "../../apps/store/src/auth/api-key.ts";
import { createAccessStore } from "../../apps/store/src/db/access-store.ts";
import {
  createDeclaredFields,
  type DeclaredField,
} from "../../apps/store/src/db/declared-fields.ts";
import { createItemsStore } from "../../apps/store/src/db/items-store.ts";
import { type Db, openDb } from "../../apps/store/src/db/open.ts";
import type { SqlStatement } from "../../apps/store/src/db/sql-db.ts";
import { QUERY_PATH } from "../fixtures/store-client.ts";

const INSERT_BATCH = 10_000;
// Indexes the schema itself creates; any other index on `items` serves declared fields.
const BASE_INDEX = /^(sqlite_autoindex_items_|items_collection_seq$)/;

type Params = unknown[];

export interface QueryTiming {
  ms: number;
  items: number;
}

/** The store's app on one database connection. */
export interface QueryRunner {
  /** Runs a query request through the app (routing, auth, parsing, SQL, serialisation). */
  query(body: unknown): Promise<QueryTiming>;
  /** SQLite's plan for the SQL the last query ran. */
  lastPlan(): string;
  close(): Promise<void>;
}

export interface GrowthStore extends QueryRunner {
  /** Adds a collection that declares `fields` (each gets the store's expression index). */
  createCollection(id: string, fields?: readonly DeclaredField[]): void;
  /** Inserts `count` generated items through the store's own insert, in large transactions. */
  insertItems(
    collectionId: string,
    count: number,
    makeItem: (i: number) => Record<string, unknown>,
  ): void;
  /** Checkpoints the WAL, as a database at rest would be, so reads do not pay for the load. */
  settle(): void;
  /** Indexes on `items` beyond the base schema's (expression indexes for declared fields). */
  extraIndexes(): string[];
  /**
   * The same store on a second connection whose open transaction has dropped every extra index:
   * queries there scan, while this connection still sees the indexes. Closing rolls back.
   */
  openScanTwin(): Promise<QueryRunner>;
}

/** Records the SQL and parameters of every items query so its plan can be shown. */
function recordQueries(db: Db, onRun: (sql: string, params: Params) => void): void {
  const prepare = db.prepare.bind(db);
  const patched = (sql: string): SqlStatement<unknown[]> => {
    const statement = prepare(sql);
    if (/\bFROM items WHERE\b/.test(sql) && /\bORDER BY\b/.test(sql)) {
      const all = statement.all.bind(statement);
      Object.assign(statement, {
        all: (...params: Params) => {
          onRun(sql, params);
          return all(...params);
        },
      });
    }
    return statement;
  };
  Object.assign(db, { prepare: patched });
}

function listExtraIndexes(db: Db): string[] {
  const rows = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items'")
    .all() as { name: string }[];
  return rows.map((row) => row.name).filter((name) => !BASE_INDEX.test(name));
}

/**
 * The store's app on `db`. Queries are made with the API key: the store answers anonymous
 * visitors' repeated queries from its response cache, which would hide the query's cost.
 */
async function openRunner(
  db: Db,
  apiKey: string,
  beforeQueries: () => void = () => {},
): Promise<QueryRunner> {
  let last: { sql: string; params: Params } | undefined;
  recordQueries(db, (sql, params) => {
    last = { sql, params };
  });
  const app = createApp({ db, config: { clientId: "local", signingKey: randomBytes(32) } });
  await app.ready();
  beforeQueries();
  return {
    async query(body) {
      const started = process.hrtime.bigint();
      const response = await app.inject({
        method: "POST",
        url: QUERY_PATH,
        headers: { authorization: apiKey, "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (response.statusCode !== 200) {
        throw new Error(`query: ${response.statusCode} ${response.body}`);
      }
      return { ms, items: (response.json() as { dataItems: unknown[] }).dataItems.length };
    },
    lastPlan() {
      if (!last) return "no query recorded";
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${last.sql}`).all(...last.params) as {
        detail: string;
      }[];
      return plan.map((row) => row.detail).join("; ");
    },
    async close() {
      await app.close();
      if (db.inTransaction) db.exec("ROLLBACK");
      db.close();
    },
  };
}

export async function openGrowthStore(file: string): Promise<GrowthStore> {
  const db = openDb(file);
  const store = createItemsStore(db);
  const apiKey = createApiKeys(createAccessStore(db)).rotate();
  const runner = await openRunner(db, apiKey);
  return {
    ...runner,
    createCollection(id, fields = []) {
      db.prepare("INSERT INTO collections (id, display_name) VALUES (?, ?)").run(id, id);
      const declared = createDeclaredFields(db);
      for (const { field, type } of fields) declared.declare(id, field, type);
    },
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
      // After the app starts, in case the store (re)creates its indexes on start.
      return openRunner(twin, apiKey, () => {
        twin.exec("BEGIN IMMEDIATE");
        for (const name of listExtraIndexes(twin)) {
          twin.exec(`DROP INDEX "${name.replaceAll('"', '""')}"`);
        }
      });
    },
  };
}
