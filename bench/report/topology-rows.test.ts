import { describe, expect, it } from "vitest";
import type { CdnResult } from "../cdn.ts";
import type { LoadResult } from "../load/load-spec.ts";
import type { TopologiesResult } from "../topologies.ts";
import { topologyRows } from "./topology-rows.ts";

const load = (requestsPerSecond: number): LoadResult => ({
  requestsPerSecond,
  totalRequests: requestsPerSecond * 10,
  p50Ms: 1,
  p99Ms: 5,
  failures: 0,
});

const figures = (sqliteOne: number, pgOne: number, pgTwo: number) => ({
  sqliteOne: load(sqliteOne),
  pgOne: load(pgOne),
  pgTwo: load(pgTwo),
});

const result: TopologiesResult = {
  connections: 64,
  durationSeconds: 10,
  rounds: 3,
  figures: {
    page: figures(1_000, 800, 1_200),
    query: figures(2_000, 2_000, 2_000),
    write: figures(500, 100, 150),
  },
};

describe("topologyRows", () => {
  it("puts one PostgreSQL node beside one SQLite node, and two beside one", () => {
    const rows = topologyRows(result);
    const page = rows.filter((row) => row.figure.startsWith("Page"));
    expect(page.map((row) => [row.ours, row.baseline, row.ratio])).toEqual([
      ["800 req/s", "one SQLite node 1,000 req/s", "0.80×"],
      ["1,200 req/s", "one PostgreSQL node 800 req/s", "1.50×"],
    ]);
  });

  it("has a row per workload and topology pair, and the cdn section's figure when it ran", () => {
    const cdn = { cached: load(9_000), direct: load(3_000) } as CdnResult;
    const rows = topologyRows(result, cdn);
    expect(rows).toHaveLength(7);
    expect(rows.at(-1)).toMatchObject({ ours: "9,000 req/s", ratio: "3.00×" });
  });

  it("shows only the workloads measured, and the load average the section ran under", () => {
    const rows = topologyRows({
      ...result,
      loadAverage: { start: 3.25, end: 4 },
      figures: { write: figures(500, 300, 540) },
    });
    expect(rows.map((row) => [row.figure, row.ratio])).toEqual([
      ["Item updates (API key), one PostgreSQL node", "0.60×"],
      ["Item updates (API key), two PostgreSQL nodes", "1.80×"],
    ]);
    expect(rows[0]?.section).toContain("load average 3.3 → 4.0");
  });

  it("says it was skipped, with the reason", () => {
    expect(topologyRows({ skipped: "no PostgreSQL server" })).toMatchObject([
      { figure: "(skipped)", ours: "no PostgreSQL server" },
    ]);
  });

  it("holds PostgreSQL's item updates to the goals of docs/deploy.md: 1,500/s, half of SQLite, 1.6× on two nodes", () => {
    const statuses = (sqlite: number, one: number, two: number) =>
      topologyRows({ ...result, figures: { write: figures(sqlite, one, two) } }).map(
        (row) => row.status,
      );
    expect(statuses(2_800, 1_600, 2_600)).toEqual(["pass", "pass"]);
    expect(statuses(2_800, 1_400, 2_600)).toEqual(["FAIL", "pass"]);
    expect(statuses(3_400, 1_600, 2_600)).toEqual(["FAIL", "pass"]);
    expect(statuses(2_800, 1_600, 2_500)).toEqual(["pass", "FAIL"]);
  });

  it("shows how busy the cores were and the updates per busy core-second, when measured", () => {
    const busy = { sqliteOne: 0.5, pgOne: 0.9, pgTwo: 1 };
    const rows = topologyRows(
      { ...result, figures: { write: figures(2_000, 1_800, 2_000) }, cpuBusy: { write: busy } },
      undefined,
      2,
    );
    expect(rows.slice(2).map((row) => [row.ours, row.baseline, row.ratio])).toEqual([
      ["two PostgreSQL nodes 100 %", "one PostgreSQL node 90 %; one SQLite node 50 %", ""],
      ["1,000 per core-s", "one PostgreSQL node 1,000 per core-s", "1.00×"],
    ]);
  });
});
