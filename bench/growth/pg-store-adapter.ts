/**
 * @module The growth bench's store on PostgreSQL: the same `GrowthStore` as store-adapter.ts, in a
 * fresh schema of the given database (dropped on close), migrated by the store's own
 * `openPgDb`. Items are written as the store's insert writes them (`withSystemFields`, the
 * same columns) but 10 000 per statement through `jsonb_to_recordset`, since one round trip
 * per item would take many minutes for a million. The scan twin is a second connection with
 * index scans turned off (`enable_indexscan` and friends): dropping the indexes there would
 * take a lock on `items` that blocks the store's own connection.
 */
import { randomBytes } from "node:crypto";
import {
  createAccessStore,
  createApiKeys,
  type Db,
  itemIdFor,
  openPgDb,
  type PgDb,
  quoteName,
  withSystemFields,
} from "../../apps/store/src/main/testing.ts";
import { createGrowthCollection, openAppRunner, type Params } from "./app-runner.ts";
import type { GrowthStore } from "./store-adapter.ts";

const INSERT_BATCH = 10_000;
// Indexes the schema itself creates; any other index on `items` serves declared fields.
const BASE_INDEXES = new Set(["items_pkey", "items_collection_id_id_key", "items_collection_seq"]);
const WITHOUT_INDEX_SCANS = [
  "SET enable_indexscan = off",
  "SET enable_bitmapscan = off",
  "SET enable_indexonlyscan = off",
].join("; ");

const INSERT_ROWS = `INSERT INTO items (collection_id, id, data, created_at, updated_at, owner_id)
  SELECT $1, r.id, r.data, $2, $2, $3 FROM jsonb_to_recordset($4::jsonb) AS r (id text, data jsonb)`;

function listExtraIndexes(db: PgDb): string[] {
  const { rows } = db.query<{ indexname: string }>(
    "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'items' ORDER BY indexname",
  );
  return rows.map((row) => row.indexname).filter((name) => !BASE_INDEXES.has(name));
}

function explainPg(db: Db) {
  return (sql: string, params: Params) => {
    const plan = db.prepare(`EXPLAIN ${sql}`).all(...params) as { "QUERY PLAN": string }[];
    return plan.map((row) => row["QUERY PLAN"].trim()).join("; ");
  };
}

/** A schema name of its own for this run, so runs (and tests) never share one. */
export function growthSchemaName(): string {
  return `bench_growth_${process.pid}_${randomBytes(4).toString("hex")}`;
}

export async function openPgGrowthStore(
  url: string,
  schema = growthSchemaName(),
): Promise<GrowthStore> {
  const db = openPgDb({ url, schema, applicationName: "bench-growth" });
  const apiKey = createApiKeys(createAccessStore(db)).rotate();
  const runner = await openAppRunner(db, apiKey, {
    explain: explainPg(db),
    afterClose: () => db.exec(`DROP SCHEMA IF EXISTS ${quoteName(schema)} CASCADE`),
  });
  return {
    ...runner,
    createCollection: (id, fields = []) => createGrowthCollection(db, id, fields),
    insertItems(collectionId, count, makeItem) {
      const now = Date.UTC(2025, 0, 1);
      for (let start = 0; start < count; start += INSERT_BATCH) {
        const rows = [];
        for (let i = start; i < Math.min(count, start + INSERT_BATCH); i += 1) {
          const data = makeItem(i);
          const id = itemIdFor(data);
          rows.push({ id, data: withSystemFields(data, id, now, now, "") });
        }
        db.query(INSERT_ROWS, [collectionId, now, "", JSON.stringify(rows)]);
      }
    },
    settle() {
      db.exec("VACUUM ANALYZE items");
    },
    extraIndexes: () => listExtraIndexes(db),
    openScanTwin() {
      const twin = openPgDb({ url, schema, applicationName: "bench-growth-scan" });
      twin.exec(WITHOUT_INDEX_SCANS);
      return openAppRunner(twin, apiKey, { explain: explainPg(twin) });
    },
  };
}
