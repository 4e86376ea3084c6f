import { describe, expect, it } from "vitest";
import type { GrowthResult, GrowthRow } from "../growth.ts";
import { growthEngineRows, growthSpan } from "./growth-engine-rows.ts";

function row(size: number, indexedMs: number): GrowthRow {
  const measure = (medianMs: number) => ({ medianMs, samples: 10, plan: "" });
  return { size, query: "equality", items: 50, indexed: measure(indexedMs), scan: measure(99) };
}

const growth = (rows: GrowthRow[]): GrowthResult => ({
  rows,
  extraIndexes: [],
  generated: [],
  skipped: [],
});

describe("growthSpan", () => {
  it("measures growth from 100k to the largest size", () => {
    expect(growthSpan([1_000, 10_000, 100_000, 1_000_000])).toEqual([100_000, 1_000_000]);
  });

  it("falls back to the smallest size without 100k, and to nothing with one size", () => {
    expect(growthSpan([1_000, 10_000])).toEqual([1_000, 10_000]);
    expect(growthSpan([100_000])).toBeUndefined();
  });
});

describe("growthEngineRows", () => {
  const sqlite = growth([row(100_000, 1), row(1_000_000, 1.2)]);
  const pg = growth([row(100_000, 2), row(1_000_000, 3)]);

  it("puts PostgreSQL's indexed median beside SQLite's for each size", () => {
    const rows = growthEngineRows(sqlite, pg);
    expect(rows[0]).toMatchObject({ ours: "PostgreSQL 2.00 ms", baseline: "SQLite 1.00 ms" });
    expect(rows[0]?.ratio).toBe("2.00×");
  });

  it("gives each engine's growth from 100k to 1M", () => {
    const growthRow = growthEngineRows(sqlite, pg).find((r) => r.figure.includes("cost growth"));
    expect(growthRow).toMatchObject({ ours: "PostgreSQL 1.50×", baseline: "SQLite 1.20×" });
  });

  it("leaves out the sizes only one engine measured", () => {
    const rows = growthEngineRows(sqlite, growth([row(100_000, 2)]));
    expect(rows.map((r) => r.figure)).toEqual(["100,000 items, equality"]);
  });
});
