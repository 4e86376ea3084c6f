import type { BenchResults, Outcome } from "../results.ts";
import { cdnRows } from "./cdn-rows.ts";
import { lighthouseRows, pageWeightRows } from "./page-rows.ts";
import { errorRow, type ReportRow } from "./row.ts";
import { growthRows, throughputRows, ttfbRows } from "./server-rows.ts";

function rowsOf<T>(
  section: string,
  outcome: Outcome<T> | undefined,
  build: (value: T) => ReportRow[],
) {
  if (outcome === undefined) return [];
  return outcome.ok ? build(outcome.value) : [errorRow(section, outcome.error)];
}

/** Every measured figure as table rows, in the order. */
export function buildRows(results: BenchResults): ReportRow[] {
  return [
    ...rowsOf("Page weight", results.pageWeight, pageWeightRows),
    ...rowsOf("Lighthouse", results.lighthouse, lighthouseRows),
    ...rowsOf("TTFB", results.ttfb, ttfbRows),
    ...rowsOf("Store throughput", results.throughput, throughputRows),
    ...rowsOf("CDN", results.cdn, cdnRows),
    ...rowsOf("Growth", results.growth, growthRows),
  ];
}
