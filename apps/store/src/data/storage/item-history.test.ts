import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import { createItemHistory, type ItemHistory } from "./item-history.ts";
import { createItemsStore, type ItemsStore } from "./items-store.ts";

let db: Db;
let store: ItemsStore;
let history: ItemHistory;
const T0 = Date.parse("2025-02-01T10:00:00.000Z");

beforeEach(() => {
  db = openTestDb();
  store = createItemsStore(db);
  history = createItemHistory(db);
  store.insert(
    "About",
    { _id: "about", title_fld: "About", data: "v0" },
    { now: T0, ownerId: "o" },
  );
});
afterEach(() => db.close());

function save(text: string, at: number) {
  store.update("About", "about", { title_fld: "About", data: text }, at);
}

const texts = (collectionId = "About", itemId = "about", limit = 1000) =>
  history.list(collectionId, itemId, { limit }).versions.map((version) => version.data.data);

describe("item history", () => {
  test("an update keeps the previous version with when it was saved and replaced", () => {
    save("v1", T0 + 1000);
    const [version] = history.list("About", "about", { limit: 10 }).versions;
    expect(version).toMatchObject({
      collectionId: "About",
      itemId: "about",
      change: "updated",
      savedAt: new Date(T0).toISOString(),
      replacedAt: new Date(T0 + 1000).toISOString(),
      data: { _id: "about", data: "v0" },
    });
  });

  test("a write by any other client is kept too", () => {
    db.prepare(
      db.dialect === "sqlite"
        ? "UPDATE items SET data = json_set(data, '$.data', 'by sql') WHERE id = 'about'"
        : `UPDATE items SET data = jsonb_set(data, '{data}', '"by sql"') WHERE id = 'about'`,
    ).run();
    expect(texts()).toEqual(["v0"]);
  });

  test("a removal keeps the last version, marked removed", () => {
    save("v1", T0 + 1000);
    store.remove("About", "about");
    const [latest] = history.list("About", "about", { limit: 1 }).versions;
    expect(latest).toMatchObject({ change: "removed", data: { data: "v1" } });
    expect(history.removedItems("About", 10).map((version) => version.itemId)).toEqual(["about"]);
  });

  test("an item inserted again is no longer listed as removed", () => {
    store.remove("About", "about");
    store.insert("About", { _id: "about", data: "back" }, { now: T0, ownerId: "o" });
    expect(history.removedItems("About", 10)).toEqual([]);
  });

  test("lists newest first, in pages", () => {
    for (let i = 1; i <= 5; i++) save(`v${i}`, T0 + i * 1000);
    const first = history.list("About", "about", { limit: 2 });
    expect(first.versions.map((version) => version.data.data)).toEqual(["v4", "v3"]);
    const second = history.list("About", "about", { limit: 2, before: first.nextBefore ?? 0 });
    expect(second.versions.map((version) => version.data.data)).toEqual(["v2", "v1"]);
    const last = history.list("About", "about", { limit: 2, before: second.nextBefore ?? 0 });
    expect(last).toMatchObject({ nextBefore: null });
    expect(last.versions.map((version) => version.data.data)).toEqual(["v0"]);
  });

  test("keeps only the configured number of versions per item, dropping the oldest on write", () => {
    history.setKeep(3);
    for (let i = 1; i <= 6; i++) save(`v${i}`, T0 + i * 1000);
    expect(texts()).toEqual(["v5", "v4", "v3"]);
  });

  test("retention counts each item separately", () => {
    history.setKeep(2);
    store.insert("About", { _id: "other", data: "o0" }, { now: T0, ownerId: "o" });
    for (let i = 1; i <= 3; i++) save(`v${i}`, T0 + i * 1000);
    store.update("About", "other", { data: "o1" }, T0 + 9000);
    expect(texts()).toEqual(["v2", "v1"]);
    expect(texts("About", "other")).toEqual(["o0"]);
  });

  test("lowering the retention trims items that have more versions", () => {
    for (let i = 1; i <= 5; i++) save(`v${i}`, T0 + i * 1000);
    history.setKeep(2);
    expect(texts()).toEqual(["v4", "v3"]);
  });

  // Setup writes 7000 rows: generous on a shared, busy machine.
  test("pages an item's versions through its index among thousands of versions", {
    timeout: 60_000,
  }, () => {
    history.setKeep(100_000);
    db.transaction(() => {
      for (let i = 1; i <= 5000; i++) save(`v${i}`, T0 + i);
      for (let i = 0; i < 20; i++) {
        store.insert("Clients", { _id: `c${i}`, itemData: "x" }, { now: T0, ownerId: "o" });
        for (let j = 0; j < 100; j++)
          store.update("Clients", `c${i}`, { itemData: `x${j}` }, T0 + j);
      }
    })();
    const pageSql =
      "SELECT * FROM item_history WHERE collection_id = ? AND item_id = ? AND version_id < ? ORDER BY version_id DESC LIMIT 51";
    if (db.dialect === "sqlite") {
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${pageSql}`)
        .all("About", "about", 1e9)
        .map((row) => (row as { detail: string }).detail)
        .join("\n");
      expect(plan).toContain("USING INDEX item_history_by_item_time");
      expect(plan).not.toContain("TEMP B-TREE");
    } else {
      db.exec("ANALYZE item_history");
      const plan = db
        .prepare(`EXPLAIN ${pageSql}`)
        .all("About", "about", 1e9)
        .map((row) => (row as { "QUERY PLAN": string })["QUERY PLAN"])
        .join("\n");
      // Most rows are this item's here, so the planner may walk the primary key backwards and
      // filter: also a page read in index order, with no sort of the item's versions.
      expect(plan).toMatch(/Index Scan Backward using item_history_(by_item_time|pkey)/);
      expect(plan).not.toMatch(/^\s*(->\s+)?Sort\s+\(/m);
    }
    const page = history.list("About", "about", { limit: 50, before: 2500 });
    expect(page.versions).toHaveLength(50);
  });
});
