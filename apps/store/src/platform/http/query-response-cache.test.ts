import { describe, expect, test } from "vitest";
import { createItemsStore } from "../../data/storage/items-store.ts";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import { createQueryResponseCache } from "./query-response-cache.ts";

function setup() {
  const store = createItemsStore(openTestDb());
  const cache = createQueryResponseCache(store);
  let runs = 0;
  const compute = () => {
    runs += 1;
    return {
      items: store
        .query({
          collectionId: "About",
          filter: { type: "and", nodes: [] },
          sort: [],
          offset: 0,
          limit: null,
        })
        .map((item) => item.id),
    };
  };
  const insert = (id: string) => store.insert("About", { _id: id }, { now: 0, ownerId: "o" });
  return { store, cache, compute, insert, runs: () => runs };
}

describe("createQueryResponseCache", () => {
  test("answers a repeated request from memory while the content is unchanged", () => {
    const t = setup();
    t.insert("a");
    const first = t.cache.get("k", t.compute);
    const second = t.cache.get("k", t.compute);
    expect(second).toBe(first);
    expect(t.runs()).toBe(1);
    expect(JSON.parse(first.body.toString())).toEqual({ items: ["a"] });
  });

  test("a write makes the next request compute fresh bytes", () => {
    const t = setup();
    t.insert("a");
    t.cache.get("k", t.compute);
    t.insert("b");
    const after = t.cache.get("k", t.compute);
    expect(JSON.parse(after.body.toString())).toEqual({ items: ["a", "b"] });
    expect(t.runs()).toBe(2);
  });

  test("keeps one entry per key", () => {
    const t = setup();
    t.cache.get("k1", t.compute);
    t.cache.get("k2", t.compute);
    expect(t.cache.size).toBe(2);
    expect(t.runs()).toBe(2);
  });

  test("does not keep a failure", () => {
    const t = setup();
    expect(() =>
      t.cache.get("k", () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    t.cache.get("k", t.compute);
    expect(t.runs()).toBe(1);
  });

  test("respects the entry bound", () => {
    const store = createItemsStore(openTestDb());
    const cache = createQueryResponseCache(store, { maxEntries: 2 });
    for (const key of ["a", "b", "c"]) cache.get(key, () => ({ key }));
    expect(cache.size).toBe(2);
  });
});
