import type { AnalyticsResult } from "../analytics.ts";
import { count, ms, ratio, ratioOf } from "./format.ts";
import { check, type ReportRow } from "./row.ts";

/** The goals of docs/analytics.md: beacons one SQLite node takes, and the dashboard's answers. */
export const INGEST_GOAL_PER_SECOND = 5_000;
export const INGEST_P99_GOAL_MS = 10;
export const DASHBOARD_GOAL_MS = 200;

export function analyticsRows(result: AnalyticsResult): ReportRow[] {
  const section = `Analytics: beacons to one store node on a SQLite file, ${result.connections} connections, ${result.seconds} s`;
  const { store, bare } = result;
  return [
    {
      section,
      figure: "Beacons per second (store / bare Node handler)",
      ours: count(Math.round(store.requestsPerSecond)),
      baseline: `bare ${count(Math.round(bare.requestsPerSecond))}`,
      ratio: ratio(ratioOf(store.requestsPerSecond, bare.requestsPerSecond)),
      goal: `≥ ${count(INGEST_GOAL_PER_SECOND)}`,
      status: check(store.failures === 0 && store.requestsPerSecond >= INGEST_GOAL_PER_SECOND),
    },
    {
      section,
      figure: "p99 latency of a beacon",
      ours: ms(store.p99Ms),
      baseline: `bare ${ms(bare.p99Ms)}`,
      ratio: ratio(ratioOf(store.p99Ms, bare.p99Ms)),
      goal: `≤ ${INGEST_P99_GOAL_MS} ms`,
      status: check(store.p99Ms <= INGEST_P99_GOAL_MS),
    },
    ...result.dashboard.map(
      (row): ReportRow => ({
        section: `Analytics: the dashboard over ${count(row.events)} stored events (in-process SQLite, 20 calls)`,
        figure: `${row.figure}: slowest call`,
        ours: ms(row.maxMs),
        baseline: `p50 ${ms(row.p50Ms)}`,
        ratio: "",
        goal: `≤ ${DASHBOARD_GOAL_MS} ms`,
        status: check(row.maxMs <= DASHBOARD_GOAL_MS),
      }),
    ),
  ];
}
