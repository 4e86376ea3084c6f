/**
 * @module Figures of nothing counted yet: the shape the dashboard reads, all zeros, for a store
 * whose counting is off (and the answer until the first event).
 */
import type { AnalyticsReport } from "./analytics-api-types.ts";
import { emptyBreakdowns, emptyTotals } from "./analytics-api-types.ts";
import { eachDay, type ResolvedRange } from "./analytics-range.ts";

export function emptyReport(range: ResolvedRange, zone: string): AnalyticsReport {
  const empty = { visitors: 0, bookingPage: 0, booked: 0, rate: 0 };
  const starts =
    range.range === "today"
      ? Array.from(
          { length: 24 },
          (_, hour) => `${range.period.from}T${String(hour).padStart(2, "0")}:00`,
        )
      : eachDay(range.period);
  return {
    zone,
    range: range.range,
    period: range.period,
    previousPeriod: range.previousPeriod,
    totals: emptyTotals(),
    previousTotals: emptyTotals(),
    series: starts.map((start) => ({ start, visitors: 0, views: 0, conversions: 0 })),
    breakdowns: emptyBreakdowns(),
    funnel: { total: { source: "(all)", ...empty }, bySource: [] },
  };
}
