import { median } from "../lib/stats.ts";
import type { LoadResult } from "./load-spec.ts";

/** Several measured runs of one target as one: median rates and latencies, summed counts. */
export function medianResult(results: readonly LoadResult[]): LoadResult {
  const of = (pick: (result: LoadResult) => number) => median(results.map(pick));
  return {
    requestsPerSecond: of((r) => r.requestsPerSecond),
    totalRequests: results.reduce((sum, r) => sum + r.totalRequests, 0),
    p50Ms: of((r) => r.p50Ms),
    p99Ms: of((r) => r.p99Ms),
    failures: results.reduce((sum, r) => sum + r.failures, 0),
  };
}
