import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createItemsStore, PgDb } from "../../apps/store/src/main/testing.ts";
import { benchDatabaseUrl } from "../config.ts";
import { growthSchemaName, openPgGrowthStore } from "./pg-store-adapter.ts";
import type { GrowthStore } from "./store-adapter.ts";
import { growthQueries, makeGrowthItem } from "./workload.ts";

const url = benchDatabaseUrl(process.env);
const SIZE = 1_000;

describe.skipIf(url === undefined)("growth store adapter on PostgreSQL", () => {
  const databaseUrl = url ?? "";
  let schema: string;
  let store: GrowthStore;
  let db: PgDb;
  let open: boolean;

  beforeEach(async () => {
    schema = growthSchemaName();
    store = await openPgGrowthStore(databaseUrl, schema);
    open = true;
    db = PgDb.open({ url: databaseUrl, schema });
    store.createCollection("G", [{ field: "price", type: "number" }]);
    store.insertItems("G", SIZE, (i) => makeGrowthItem(SIZE, i));
    store.settle();
  });

  afterEach(async () => {
    db.close();
    if (open) await store.close();
  });

  it("writes the rows the store's own insert writes", () => {
    store.createCollection("Own");
    const item = makeGrowthItem(SIZE, 7);
    createItemsStore(db).insert("Own", item, { now: Date.UTC(2025, 0, 1), ownerId: "" });
    const columns = "id, data, created_at, updated_at, owner_id";
    const row = (collection: string) =>
      db.query(`SELECT ${columns} FROM items WHERE collection_id = $1 AND id = $2`, [
        collection,
        item._id,
      ]).rows[0];
    expect(row("G")).toEqual(row("Own"));
  });

  it("answers the growth queries with a full page through the store's app", async () => {
    const { equality, "range+sort": range } = growthQueries("G", SIZE);
    expect((await store.query(equality)).items).toBe(50);
    expect((await store.query(range)).items).toBe(50);
  });

  it("lists the declared fields' indexes as extra, and the schema's own as not", () => {
    const extra = store.extraIndexes();
    expect(extra).toContain("items_field:price");
    expect(extra).not.toContain("items_collection_seq");
  });

  it("gives the scan twin the same answers, scanning, while the store keeps its indexes", async () => {
    const twin = await store.openScanTwin();
    const { "range+sort": range } = growthQueries("G", SIZE);
    expect((await twin.query(range)).items).toBe((await store.query(range)).items);
    expect(twin.lastPlan()).toContain("Seq Scan on items");
    expect(store.lastPlan()).not.toContain("Seq Scan");
    await twin.close();
  });

  it("drops its schema when closed", async () => {
    await store.close();
    open = false;
    const { rows } = db.query("SELECT 1 FROM pg_namespace WHERE nspname = $1", [schema]);
    expect(rows).toEqual([]);
  });
});
