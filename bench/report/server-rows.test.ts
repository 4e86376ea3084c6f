import { describe, expect, it } from "vitest";
import type { GrowthResult, GrowthRow } from "../growth.ts";
import type { LoadResult } from "../load/load-spec.ts";
import type { ThroughputResult } from "../throughput.ts";
import { growthRows, throughputRows } from "./server-rows.ts";

function load(requestsPerSecond: number, p99Ms = 5): LoadResult {
  return { requestsPerSecond, totalRequests: requestsPerSecond * 10, p50Ms: 1, p99Ms, failures: 0 };
}

function throughput(ours: number, p99Ms = 5): ThroughputResult {
  return {
    connections: 64,
    durationSeconds: 10,
    rounds: 1,
    ours: load(ours, p99Ms),
    jsonServer: load(2_000),
    bare: load(10_000),
    bareBodyOnly: load(12_000),
    bareBytesFrom: "store",
  };
}

const statusOf = (rows: ReturnType<typeof throughputRows>, figure: string) =>
  rows.find((row) => row.figure.startsWith(figure))?.status;

describe("throughputRows", () => {
  it("fails the json-server goal below 3× its throughput", () => {
    expect(statusOf(throughputRows(throughput(5_999)), "Requests/s vs json-server")).toBe("FAIL");
  });

  it("passes the bare-Node goal at 70 % of its throughput", () => {
    expect(statusOf(throughputRows(throughput(7_000)), "Requests/s vs bare Node")).toBe("pass");
  });

  it("fails the p99 goal above 10 ms", () => {
    expect(statusOf(throughputRows(throughput(7_000, 10.5)), "Latency p99")).toBe("FAIL");
  });
});

function growthRow(size: number, indexedMs: number, scanMs: number): GrowthRow {
  const measure = (medianMs: number) => ({ medianMs, samples: 10, plan: "" });
  return { size, query: "equality", items: 50, indexed: measure(indexedMs), scan: measure(scanMs) };
}

function growth(rows: GrowthRow[]): GrowthResult {
  return { rows, extraIndexes: ["items_category"], generated: [], skipped: [] };
}

describe("growthRows", () => {
  it("checks the 5 ms goal only at 100k items", () => {
    const rows = growthRows(growth([growthRow(10_000, 9, 20), growthRow(100_000, 4, 90)]));
    expect(rows.map((row) => row.status).slice(0, 2)).toEqual(["info", "pass"]);
  });

  it("shows the 5 ms goal without checking it when asked (PostgreSQL's rows)", () => {
    const rows = growthRows(growth([growthRow(100_000, 9, 90)]), "PostgreSQL", false);
    expect(rows[0]).toMatchObject({ goal: "(SQLite's: ≤ 5 ms)", status: "info" });
  });

  it("accepts a cost that stays flat while the data grows 1000×", () => {
    const rows = growthRows(growth([growthRow(1_000, 0.5, 2), growthRow(1_000_000, 0.9, 800)]));
    expect(rows.find((row) => row.figure.includes("cost growth"))?.status).toBe("pass");
  });

  it("rejects a cost that grows with the data like a scan", () => {
    const rows = growthRows(growth([growthRow(1_000, 2, 2), growthRow(1_000_000, 700, 800)]));
    expect(rows.find((row) => row.figure.includes("cost growth"))?.status).toBe("FAIL");
  });
});
