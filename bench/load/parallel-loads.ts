/**
 * @module Several autocannon loads at once (one process each, e.g. one per store node), started
 * at the same instant, and their results as one: what the nodes served together.
 */
import type { LoadResult, LoadSpec } from "./load-spec.ts";
import { runLoad } from "./run-load.ts";

/** Time for each autocannon process to start before the common start instant. */
const START_DELAY_MS = 2_000;

/**
 * Loads run side by side as one: rates and counts add up; latencies are the slowest load's
 * (each load's percentiles are known, not the merged sample's).
 */
export function sumParallelLoads(results: readonly LoadResult[]): LoadResult {
  const sum = (pick: (result: LoadResult) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  const slowest = (pick: (result: LoadResult) => number) =>
    results.length === 0 ? Number.NaN : Math.max(...results.map(pick));
  return {
    requestsPerSecond: sum((r) => r.requestsPerSecond),
    totalRequests: sum((r) => r.totalRequests),
    p50Ms: slowest((r) => r.p50Ms),
    p99Ms: slowest((r) => r.p99Ms),
    failures: sum((r) => r.failures),
  };
}

/** Runs the loads in parallel, all starting at the same instant, and sums them. */
export async function runParallelLoads(specs: readonly LoadSpec[]): Promise<LoadResult> {
  if (specs.length === 1 && specs[0]) return runLoad(specs[0]);
  const startAt = Date.now() + START_DELAY_MS;
  const results = await Promise.all(specs.map((spec) => runLoad({ ...spec, startAt })));
  return sumParallelLoads(results);
}
