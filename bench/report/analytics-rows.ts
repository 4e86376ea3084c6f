import {
  type AnalyticsResult,
  INGEST_GOAL_PER_SECOND,
  INGEST_P99_GOAL_MS,
  STEADY_RUNS,
  WARM_UP_SECONDS,
} from "../analytics.ts";
import { count, ms, perSecond, ratio, ratioOf } from "./format.ts";
import { check, type ReportRow } from "./row.ts";

/** The goal of docs/analytics.md for the dashboard's answers. */
export const DASHBOARD_GOAL_MS = 200;

export function analyticsRows(result: AnalyticsResult): ReportRow[] {
  const section = `Analytics: beacons to one store node on a SQLite file, ${result.connections} connections, ${result.seconds} s`;
  const { store, bare, atGoalRate, bareAtGoalRate } = result;
  return [
    {
      section,
      figure: "Beacons per second, the most (store / bare Node handler)",
      ours: count(Math.round(store.requestsPerSecond)),
      baseline: `bare ${count(Math.round(bare.requestsPerSecond))}`,
      ratio: ratio(ratioOf(store.requestsPerSecond, bare.requestsPerSecond)),
      goal: `≥ ${count(INGEST_GOAL_PER_SECOND)}`,
      status: check(store.failures === 0 && store.requestsPerSecond >= INGEST_GOAL_PER_SECOND),
    },
    {
      section,
      figure: `p99 latency of a beacon at ${count(INGEST_GOAL_PER_SECOND)} beacons/s offered (median of ${STEADY_RUNS} runs: ${result.atGoalRateP99s.map(ms).join(", ")})`,
      ours: ms(atGoalRate.p99Ms),
      baseline: `bare ${ms(bareAtGoalRate.p99Ms)} (${result.bareAtGoalRateP99s.map(ms).join(", ")})`,
      ratio: ratio(ratioOf(atGoalRate.p99Ms, bareAtGoalRate.p99Ms)),
      goal: `≤ ${INGEST_P99_GOAL_MS} ms`,
      status: check(result.atGoalRateFailures === 0 && atGoalRate.p99Ms <= INGEST_P99_GOAL_MS),
    },
    {
      section,
      figure: `p99 latency in the first ${WARM_UP_SECONDS} s at ${count(INGEST_GOAL_PER_SECOND)} beacons/s after a quiet spell (the warm-up)`,
      ours: ms(result.warmUp.p99Ms),
      baseline: "",
      ratio: "",
      goal: "",
      status: "info",
    },
    {
      section,
      figure: "p99 latency of a beacon at the most (closed loop)",
      ours: ms(store.p99Ms),
      baseline: `bare ${ms(bare.p99Ms)}`,
      ratio: ratio(ratioOf(store.p99Ms, bare.p99Ms)),
      goal: "",
      status: "info",
    },
    ...pgRows(result),
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

/** The same load on a PostgreSQL node, beside the SQLite node's (no goal is set for it). */
function pgRows(result: AnalyticsResult): ReportRow[] {
  const section = `Analytics: beacons to one store node on PostgreSQL, ${result.connections} connections, ${result.seconds} s`;
  const info = { goal: "", status: "info" } as const;
  const { pg, store } = result;
  if ("skipped" in pg) {
    return [{ section, figure: "(skipped)", ours: pg.skipped, baseline: "", ratio: "", ...info }];
  }
  return [
    {
      section,
      figure: "Beacons per second (PostgreSQL / SQLite node)",
      ours: perSecond(pg.requestsPerSecond),
      baseline: `SQLite ${perSecond(store.requestsPerSecond)}`,
      ratio: ratio(ratioOf(pg.requestsPerSecond, store.requestsPerSecond)),
      ...info,
    },
    {
      section,
      figure: "p99 latency of a beacon",
      ours: ms(pg.p99Ms),
      baseline: `SQLite ${ms(store.p99Ms)}`,
      ratio: ratio(ratioOf(pg.p99Ms, store.p99Ms)),
      ...info,
    },
  ];
}
