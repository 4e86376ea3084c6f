import { describe, expect, it } from "vitest";
import type { LoadResult } from "./load-spec.ts";
import { sumParallelLoads } from "./parallel-loads.ts";

const load = (requestsPerSecond: number, p50Ms: number, p99Ms: number): LoadResult => ({
  requestsPerSecond,
  totalRequests: requestsPerSecond * 10,
  p50Ms,
  p99Ms,
  failures: 0,
});

describe("sumParallelLoads", () => {
  it("adds the rates and counts of loads run side by side", () => {
    const total = sumParallelLoads([load(1_000, 2, 9), load(1_500, 3, 7)]);
    expect(total.requestsPerSecond).toBe(2_500);
    expect(total.totalRequests).toBe(25_000);
  });

  it("reports the slowest load's latencies", () => {
    const total = sumParallelLoads([load(1_000, 2, 9), load(1_500, 3, 7)]);
    expect(total.p50Ms).toBe(3);
    expect(total.p99Ms).toBe(9);
  });

  it("counts every load's failures", () => {
    const total = sumParallelLoads([
      { ...load(1, 1, 1), failures: 2 },
      { ...load(1, 1, 1), failures: 3 },
    ]);
    expect(total.failures).toBe(5);
  });

  it("is the load itself for one load", () => {
    expect(sumParallelLoads([load(1_000, 2, 9)])).toEqual(load(1_000, 2, 9));
  });
});
