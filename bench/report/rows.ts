import type { GrowthResult } from "../growth.ts";
import type { BenchResults, Outcome } from "../results.ts";
import { analyticsRows } from "./analytics-rows.ts";
import { bookingCreateRows } from "./booking-create-rows.ts";
import { bookingFeedRows } from "./booking-feed-rows.ts";
import { cdnRows } from "./cdn-rows.ts";
import { footprintRows } from "./footprint-rows.ts";
import { growthEngineRows } from "./growth-engine-rows.ts";
import { lighthouseRows, pageWeightRows } from "./page-rows.ts";
import { errorRow, type ReportRow } from "./row.ts";
import { growthRows, throughputRows, ttfbRows } from "./server-rows.ts";
import { topologyRows } from "./topology-rows.ts";

function rowsOf<T>(
  section: string,
  outcome: Outcome<T> | undefined,
  build: (value: T) => ReportRow[],
) {
  if (outcome === undefined) return [];
  return outcome.ok ? build(outcome.value) : [errorRow(section, outcome.error)];
}

/** Every measured figure as table rows, in the order the report shows them. */
export function buildRows(results: BenchResults): ReportRow[] {
  return [
    ...rowsOf("Page weight", results.pageWeight, pageWeightRows),
    ...rowsOf("Lighthouse", results.lighthouse, lighthouseRows),
    ...rowsOf("TTFB", results.ttfb, ttfbRows),
    ...rowsOf("Store throughput", results.throughput, throughputRows),
    ...rowsOf("Idle memory and start", results.footprint, footprintRows),
    ...rowsOf("CDN", results.cdn, cdnRows),
    ...rowsOf("Topologies", results.topologies, (value) =>
      topologyRows(value, results.cdn?.ok ? results.cdn.value : undefined),
    ),
    ...rowsOf("Growth", results.growth, (value) => growthRows(value, "SQLite")),
    ...rowsOf("Growth on PostgreSQL", results.growthPg, pgGrowthRows),
    ...growthSideBySide(results),
    ...rowsOf("Booking", results.bookingFeed, bookingFeedRows),
    ...rowsOf("Booking", results.bookingCreate, bookingCreateRows),
    ...rowsOf("Analytics", results.analytics, analyticsRows),
  ];
}

function pgGrowthRows(value: GrowthResult | { unavailable: string }): ReportRow[] {
  // The 5 ms goal is SQLite's; PostgreSQL's figures stand beside it (none is set for PostgreSQL).
  if (!("unavailable" in value)) return growthRows(value, "PostgreSQL", false);
  const blank = { baseline: "", ratio: "", goal: "", status: "info" } as const;
  return [
    { section: "Growth on PostgreSQL", figure: "(skipped)", ours: value.unavailable, ...blank },
  ];
}

function growthSideBySide({ growth, growthPg }: BenchResults): ReportRow[] {
  if (!growth?.ok || !growthPg?.ok || "unavailable" in growthPg.value) return [];
  return growthEngineRows(growth.value, growthPg.value);
}
