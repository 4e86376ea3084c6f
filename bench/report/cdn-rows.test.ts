import { describe, expect, it } from "vitest";
import { cdnRows } from "./cdn-rows.ts";

const load = (requestsPerSecond: number) => ({
  requestsPerSecond,
  totalRequests: requestsPerSecond * 10,
  p50Ms: 1,
  p99Ms: 5,
  failures: 0,
});

describe("cdnRows", () => {
  it("says in one row that the section was skipped", () => {
    const rows = cdnRows({ skipped: "nginx is not installed" });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ figure: "(skipped)", ours: "nginx is not installed" });
  });

  it("puts the cached page beside nginx serving the file, and the hit rate", () => {
    const rows = cdnRows({
      connections: 64,
      durationSeconds: 10,
      rounds: 3,
      cached: load(8000),
      staticFile: load(10000),
      direct: load(5000),
      hitRate: { hits: 999, requests: 1000 },
      cacheControl: "public, max-age=0, s-maxage=60",
    });
    expect(rows.map((row) => [row.ours, row.ratio])).toEqual([
      ["8,000 req/s", "0.80×"],
      ["5,000 req/s", "0.63×"],
      ["99.90 %", ""],
    ]);
  });
});
