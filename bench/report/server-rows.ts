import type { GrowthResult } from "../growth.ts";
import type { ThroughputResult } from "../throughput.ts";
import type { TtfbResult } from "../ttfb.ts";
import { ms, perSecond, ratio, ratioOf } from "./format.ts";
import { check, type ReportRow } from "./row.ts";

export const TTFB_RATIO_GOAL = 2;
export const JSON_SERVER_RATIO_GOAL = 3;
export const BARE_RATIO_GOAL = 0.7;
export const P99_GOAL_MS = 10;
export const GROWTH_GOAL_MS = 5;
export const GROWTH_GOAL_SIZE = 100_000;

export function ttfbRows(result: TtfbResult): ReportRow[] {
  const section = `TTFB of / (${result.ours.requests} requests each, ${result.bytes} B)`;
  return [
    {
      section,
      figure: "Median",
      ours: ms(result.ours.medianMs),
      baseline: `static file ${ms(result.staticFile.medianMs)}`,
      ratio: ratio(ratioOf(result.ours.medianMs, result.staticFile.medianMs)),
      goal: `≤ ${TTFB_RATIO_GOAL}× static`,
      status: check(ratioOf(result.ours.medianMs, result.staticFile.medianMs) <= TTFB_RATIO_GOAL),
    },
    {
      section,
      figure: "p99",
      ours: ms(result.ours.p99Ms),
      baseline: `static file ${ms(result.staticFile.p99Ms)}`,
      ratio: ratio(ratioOf(result.ours.p99Ms, result.staticFile.p99Ms)),
      goal: "",
      status: "info",
    },
  ];
}

export function throughputRows(result: ThroughputResult): ReportRow[] {
  const rounds = result.rounds > 1 ? `, median of ${result.rounds} alternating runs` : "";
  const section = `Store throughput (${result.connections} connections, ${result.durationSeconds} s${rounds})`;
  const { ours, jsonServer, bare, bareBodyOnly } = result;
  const baselines = `json-server ${perSecond(jsonServer.requestsPerSecond)}; bare ${perSecond(bare.requestsPerSecond)}`;
  if (!ours) {
    return [
      {
        section,
        figure: "Requests/s",
        ours: "store not running",
        baseline: baselines,
        ratio: "",
        goal: "",
        status: "error",
      },
    ];
  }
  const vsJson = ratioOf(ours.requestsPerSecond, jsonServer.requestsPerSecond);
  const vsBare = ratioOf(ours.requestsPerSecond, bare.requestsPerSecond);
  return [
    {
      section,
      figure: "Requests/s vs json-server",
      ours: perSecond(ours.requestsPerSecond),
      baseline: `json-server ${perSecond(jsonServer.requestsPerSecond)}`,
      ratio: ratio(vsJson),
      goal: `≥ ${JSON_SERVER_RATIO_GOAL}×`,
      status: check(vsJson >= JSON_SERVER_RATIO_GOAL),
    },
    {
      section,
      figure: "Requests/s vs bare Node",
      ours: perSecond(ours.requestsPerSecond),
      baseline: `bare ${perSecond(bare.requestsPerSecond)}`,
      ratio: ratio(vsBare),
      goal: `≥ ${BARE_RATIO_GOAL}×`,
      status: check(vsBare >= BARE_RATIO_GOAL),
    },
    {
      section,
      figure: "  vs bare Node sending the body alone, no token (diagnostic)",
      ours: perSecond(ours.requestsPerSecond),
      baseline: `bare, body only ${perSecond(bareBodyOnly.requestsPerSecond)}`,
      ratio: ratio(ratioOf(ours.requestsPerSecond, bareBodyOnly.requestsPerSecond)),
      goal: "",
      status: "info",
    },
    {
      section,
      figure: "Latency p50",
      ours: ms(ours.p50Ms),
      baseline: `json-server ${ms(jsonServer.p50Ms)}; bare ${ms(bare.p50Ms)}`,
      ratio: "",
      goal: "",
      status: "info",
    },
    {
      section,
      figure: "Latency p99",
      ours: ms(ours.p99Ms),
      baseline: `json-server ${ms(jsonServer.p99Ms)}; bare ${ms(bare.p99Ms)}`,
      ratio: "",
      goal: `≤ ${P99_GOAL_MS} ms`,
      status: check(ours.p99Ms <= P99_GOAL_MS),
    },
  ];
}

/**
 * The growth section's rows on one engine (`engine` names it in the section). The 5 ms goal is
 * SQLite's; with `checkGoal` false it is shown for reference and not checked.
 */
export function growthRows(result: GrowthResult, engine?: string, checkGoal = true): ReportRow[] {
  const section = `Growth${engine ? ` on ${engine}` : ""} (median latency through the store's app)`;
  const indexedNote = result.extraIndexes.length === 0 ? " (no index: same as scan)" : "";
  const rows = result.rows.map((row): ReportRow => {
    const atGoalSize = row.size === GROWTH_GOAL_SIZE;
    const goal = `≤ ${GROWTH_GOAL_MS} ms`;
    return {
      section,
      figure: `${row.size.toLocaleString("en-US")} items, ${row.query}`,
      ours: `${ms(row.indexed.medianMs)}${indexedNote}`,
      baseline: `scan ${ms(row.scan.medianMs)}`,
      ratio: ratio(ratioOf(row.indexed.medianMs, row.scan.medianMs)),
      goal: atGoalSize ? (checkGoal ? goal : `(SQLite's: ${goal})`) : "",
      status: atGoalSize && checkGoal ? check(row.indexed.medianMs <= GROWTH_GOAL_MS) : "info",
    };
  });
  const skipped = result.skipped.map(
    (skip): ReportRow => ({
      section,
      figure: `${skip.size.toLocaleString("en-US")} items`,
      ours: `skipped: ${skip.reason}`,
      baseline: "",
      ratio: "",
      goal: "",
      status: "info",
    }),
  );
  return [...rows, ...skipped, ...growthShapeRows(result, section)];
}

/** How latency grows from the smallest to the largest size: flat for a lookup, linear for a scan. */
function growthShapeRows(result: GrowthResult, section: string): ReportRow[] {
  const sizes = [...new Set(result.rows.map((row) => row.size))].sort((a, b) => a - b);
  const smallest = sizes[0];
  const largest = sizes.at(-1);
  if (smallest === undefined || largest === undefined || smallest === largest) return [];
  const queries = [...new Set(result.rows.map((row) => row.query))];
  return queries.flatMap((query) => {
    const first = result.rows.find((row) => row.size === smallest && row.query === query);
    const last = result.rows.find((row) => row.size === largest && row.query === query);
    if (!first || !last) return [];
    return [
      {
        section,
        figure: `${query}: cost growth ${smallest.toLocaleString("en-US")} → ${largest.toLocaleString("en-US")} items (${largest / smallest}× data)`,
        ours: ratio(ratioOf(last.indexed.medianMs, first.indexed.medianMs)),
        baseline: `scan ${ratio(ratioOf(last.scan.medianMs, first.scan.medianMs))}`,
        ratio: "",
        goal: "like a lookup (≪ data growth)",
        status: check(
          ratioOf(last.indexed.medianMs, first.indexed.medianMs) < Math.sqrt(largest / smallest),
        ),
      },
    ];
  });
}
