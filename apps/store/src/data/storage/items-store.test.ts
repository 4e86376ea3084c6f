import { describe, expect, test } from "vitest";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import { thrownBy } from "../../main/test-kit/thrown-by.ts";
import { isForeignKeyViolation, isUniqueViolation } from "../../platform/db/sql-db.ts";
import { parseFilter } from "../../platform/query/parse-filter.ts";
import { createItemsStore } from "./items-store.ts";

const NOW = Date.parse("2025-03-04T05:06:07.089Z");
const write = { now: NOW, ownerId: "owner-1" };

describe("items store", () => {
  test("every write bumps the content version", () => {
    const store = createItemsStore(openTestDb());
    const start = store.contentVersion();
    store.insert("About", { _id: "x", a: 1 }, write);
    const afterInsert = store.contentVersion();
    store.update("About", "x", { a: 2 }, NOW + 1);
    const afterUpdate = store.contentVersion();
    store.remove("About", "x");
    expect([afterInsert, afterUpdate, store.contentVersion()]).toEqual([
      start + 1,
      start + 2,
      start + 3,
    ]);
  });

  test("insert adds system fields and generates a missing id", () => {
    const store = createItemsStore(openTestDb());
    const item = store.insert("About", { a: 1, _createdDate: "forged" }, write);
    expect(item.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(item.data).toEqual({
      _id: item.id,
      _createdDate: { $date: "2025-03-04T05:06:07.089Z" },
      _updatedDate: { $date: "2025-03-04T05:06:07.089Z" },
      _ownerId: "owner-1",
      a: 1,
    });
  });

  test("update keeps the creation date and owner and moves the update date", () => {
    const store = createItemsStore(openTestDb());
    store.insert("About", { _id: "x", a: 1 }, write);
    const updated = store.update("About", "x", { b: 2 }, NOW + 1000);
    expect(updated?.data).toEqual({
      _id: "x",
      _createdDate: { $date: "2025-03-04T05:06:07.089Z" },
      _updatedDate: { $date: "2025-03-04T05:06:08.089Z" },
      _ownerId: "owner-1",
      b: 2,
    });
  });

  test("update of a missing item returns null", () => {
    const store = createItemsStore(openTestDb());
    expect(store.update("About", "missing", {}, NOW)).toBeNull();
  });

  test("a duplicate id in one collection is refused", () => {
    const store = createItemsStore(openTestDb());
    store.insert("About", { _id: "x" }, write);
    expect(isUniqueViolation(thrownBy(() => store.insert("About", { _id: "x" }, write)))).toBe(
      true,
    );
    expect(() => store.insert("Clients", { _id: "x" }, write)).not.toThrow();
  });

  test("items of an unknown collection are refused by the foreign key", () => {
    const store = createItemsStore(openTestDb());
    expect(isForeignKeyViolation(thrownBy(() => store.insert("Nope", { _id: "x" }, write)))).toBe(
      true,
    );
  });

  test("query applies offset and limit after sorting", () => {
    const store = createItemsStore(openTestDb());
    for (const n of [3, 1, 2, 5, 4]) store.insert("About", { n }, write);
    const page = store.query({
      collectionId: "About",
      filter: parseFilter({}),
      sort: [{ path: ["n"], order: "DESC" }],
      offset: 1,
      limit: 2,
    });
    expect(page.map((item) => item.data.n)).toEqual([4, 3]);
  });

  test("lone surrogates are stored as U+FFFD, which SQLite's UTF-8 can hold", () => {
    const store = createItemsStore(openTestDb());
    const item = store.insert("About", { _id: "x", "k\ud800": "a\udc00b" }, write);
    expect(store.getItem("About", "x")?.data).toEqual(item.data);
    expect(item.data["k\ufffd"]).toBe("a\ufffdb");
  });

  test("-0 is written as 0, so the write answers what reads return", () => {
    const store = createItemsStore(openTestDb());
    const item = store.insert("About", { _id: "z", n: -0, list: [-0] }, write);
    expect(Object.is(item.data.n, 0)).toBe(true);
    expect(store.getItem("About", "z")?.data).toEqual(item.data);
  });

  test("truncate removes every item of one collection only", () => {
    const store = createItemsStore(openTestDb());
    store.insert("About", { _id: "a" }, write);
    store.insert("Clients", { _id: "c" }, write);
    expect(store.truncate("About")).toBe(1);
    expect(store.getItem("Clients", "c")).not.toBeNull();
  });

  test("insertExact keeps the given dates and owner", () => {
    const store = createItemsStore(openTestDb());
    const item = store.insertExact(
      "About",
      "e",
      { _id: "ignored", a: 1 },
      {
        createdAt: 0,
        updatedAt: 1000,
        ownerId: "o",
      },
    );
    expect(item.data).toEqual({
      _id: "e",
      _createdDate: { $date: "1970-01-01T00:00:00.000Z" },
      _updatedDate: { $date: "1970-01-01T00:00:01.000Z" },
      _ownerId: "o",
      a: 1,
    });
  });
});
