import { describe, expect, test } from "vitest";
import { createLruCache } from "./lru-cache.ts";

describe("createLruCache", () => {
  test("returns what was stored", () => {
    const cache = createLruCache<string, number>(2);
    cache.set("a", 1);
    expect(cache.get("a")).toBe(1);
    expect(cache.get("b")).toBeUndefined();
  });

  test("evicts the least recently used entry beyond the bound", () => {
    const cache = createLruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.get("a");
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  test("a new entry is kept even when every older one was used lately", () => {
    const cache = createLruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.get("a");
    cache.get("b");
    cache.set("c", 3);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  test("overwriting a key keeps one entry", () => {
    const cache = createLruCache<string, number>(2);
    cache.set("a", 1);
    cache.set("a", 2);
    expect(cache.size).toBe(1);
    expect(cache.get("a")).toBe(2);
  });

  test("refuses a bound below one", () => {
    expect(() => createLruCache(0)).toThrow(RangeError);
  });
});

describe("createLruCache with a weight bound", () => {
  const weighed = () =>
    createLruCache<string, string>({ maxEntries: 10, maxWeight: 5, weigh: (v) => v.length });

  test("evicts the oldest entries until the total weight fits", () => {
    const cache = weighed();
    cache.set("a", "aa");
    cache.set("b", "bb");
    cache.set("c", "cc");
    expect(cache.get("a")).toBeUndefined();
    expect(cache.weight).toBe(4);
  });

  test("does not store a value heavier than the bound", () => {
    const cache = weighed();
    cache.set("a", "aa");
    cache.set("big", "bigger");
    expect(cache.get("big")).toBeUndefined();
    expect(cache.get("a")).toBe("aa");
  });

  test("clear resets the weight", () => {
    const cache = weighed();
    cache.set("a", "aa");
    cache.clear();
    expect(cache.weight).toBe(0);
    expect(cache.size).toBe(0);
  });
});
