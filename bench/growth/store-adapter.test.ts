import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type GrowthStore, openGrowthStore } from "./store-adapter.ts";
import { growthQueries, makeGrowthItem } from "./workload.ts";

const SIZE = 1_000;
// A covering index SQLite prefers for the store's items query, so plans show whether it is seen.
const INDEX = "items_bench_covering";

describe("growth store adapter", () => {
  let dir: string;
  let file: string;
  let store: GrowthStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "bench-adapter-"));
    file = join(dir, "growth.db");
    store = await openGrowthStore(file);
    store.createCollection("G");
    store.insertItems("G", SIZE, (i) => makeGrowthItem(SIZE, i));
    store.settle();
  });

  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  function addIndexElsewhere(): void {
    const other = new Database(file);
    other.exec(`CREATE INDEX ${INDEX} ON items (collection_id, seq, id, data)`);
    other.close();
  }

  it("answers the growth queries with a full page through the store's app", async () => {
    const { equality, "range+sort": range } = growthQueries("G", SIZE);
    expect((await store.query(equality)).items).toBe(50);
    expect((await store.query(range)).items).toBe(50);
  });

  it("lists an index beyond the base schema as extra", () => {
    addIndexElsewhere();
    expect(store.extraIndexes()).toContain(INDEX);
  });

  it("indexes the fields a collection declares", () => {
    store.createCollection("D", [{ field: "price", type: "number" }]);
    expect(store.extraIndexes()).toContain("items_field:price");
  });

  it("gives the scan twin the same answers without touching the store's indexes", async () => {
    addIndexElsewhere();
    const twin = await store.openScanTwin();
    const { equality } = growthQueries("G", SIZE);
    expect((await twin.query(equality)).items).toBe((await store.query(equality)).items);
    expect(store.lastPlan()).toContain(INDEX);
    expect(twin.lastPlan()).not.toContain(INDEX);
    await twin.close();
    expect(store.extraIndexes()).toContain(INDEX);
  });
});
