/**
 * @module The topologies section's rows (docs/deploy.md's figures): each workload on one
 * PostgreSQL node beside one SQLite node, on two PostgreSQL nodes beside one, and the page
 * through a CDN cache, taken from the cdn section of the same run.
 */
import { availableParallelism } from "node:os";
import type { CdnResult } from "../cdn.ts";
import type { TopologiesResult, Topology, Workload } from "../topologies.ts";
import { perSecond, ratio, ratioOf } from "./format.ts";
import { check, type ReportRow } from "./row.ts";

export const WORKLOAD_LABELS: Record<Workload, string> = {
  page: "Page (GET /)",
  query: "Visitor's GET query (.r form)",
  write: "Item updates (API key)",
};

export const TOPOLOGY_LABELS: Record<Topology, string> = {
  sqliteOne: "one SQLite node",
  pgOne: "one PostgreSQL node",
  pgTwo: "two PostgreSQL nodes",
};

const info = { goal: "", status: "info" } as const;

/** The goals for item updates on PostgreSQL (docs/deploy.md). */
export const WRITE_GOALS = { pgOnePerSecond: 1_500, pgOneVsSqlite: 0.5, pgTwoVsOne: 1.6 };

const percent = (share: number) => `${Math.round(share * 100)} %`;
const perCore = (rate: number) => `${Math.round(rate).toLocaleString("en-US")} per core-s`;

/** Throughput per busy core-second: what the topology does with the processor time it gets. */
function perCoreSecond(requestsPerSecond: number, busy: number, cores: number): number {
  return busy > 0 ? requestsPerSecond / (busy * cores) : 0;
}

function writeGoalRows(
  section: string,
  measured: Record<Topology, { requestsPerSecond: number }>,
  busy: Record<Topology, number> | undefined,
  cores: number,
): { pgOne: Partial<ReportRow>; pgTwo: Partial<ReportRow>; extra: ReportRow[] } {
  const { sqliteOne, pgOne, pgTwo } = measured;
  const vsSqlite = ratioOf(pgOne.requestsPerSecond, sqliteOne.requestsPerSecond);
  const twoVsOne = ratioOf(pgTwo.requestsPerSecond, pgOne.requestsPerSecond);
  const goals = WRITE_GOALS;
  const extra: ReportRow[] = [];
  if (busy !== undefined) {
    const rate = (topology: Topology) =>
      perCoreSecond(measured[topology].requestsPerSecond, busy[topology], cores);
    extra.push(
      {
        section,
        figure: "&nbsp;&nbsp;Cores busy during the update runs (diagnostic)",
        ours: `two PostgreSQL nodes ${percent(busy.pgTwo)}`,
        baseline: `one PostgreSQL node ${percent(busy.pgOne)}; one SQLite node ${percent(busy.sqliteOne)}`,
        ratio: "",
        ...info,
      },
      {
        section,
        figure: "&nbsp;&nbsp;Updates per busy core-second, two PostgreSQL nodes (diagnostic)",
        ours: perCore(rate("pgTwo")),
        baseline: `one PostgreSQL node ${perCore(rate("pgOne"))}`,
        ratio: ratio(ratioOf(rate("pgTwo"), rate("pgOne"))),
        ...info,
      },
    );
  }
  return {
    pgOne: {
      goal: `≥ ${perSecond(goals.pgOnePerSecond)} and ≥ ${goals.pgOneVsSqlite}×`,
      status: check(
        pgOne.requestsPerSecond >= goals.pgOnePerSecond && vsSqlite >= goals.pgOneVsSqlite,
      ),
    },
    pgTwo: { goal: `≥ ${goals.pgTwoVsOne}×`, status: check(twoVsOne >= goals.pgTwoVsOne) },
    extra,
  };
}

function cdnRow(section: string, cdn: CdnResult | undefined): ReportRow[] {
  if (cdn === undefined || "skipped" in cdn) return [];
  return [
    {
      section,
      figure: "Page through nginx's cache (cdn section's figure)",
      ours: perSecond(cdn.cached.requestsPerSecond),
      baseline: `the store directly ${perSecond(cdn.direct.requestsPerSecond)}`,
      ratio: ratio(ratioOf(cdn.cached.requestsPerSecond, cdn.direct.requestsPerSecond)),
      ...info,
    },
  ];
}

export function topologyRows(
  result: TopologiesResult,
  cdn?: CdnResult,
  cores = availableParallelism(),
): ReportRow[] {
  if ("skipped" in result) {
    const section = "Topologies (store nodes on loopback)";
    return [
      { section, figure: "(skipped)", ours: result.skipped, baseline: "", ratio: "", ...info },
    ];
  }
  const rounds = result.rounds > 1 ? `, median of ${result.rounds} alternating runs` : "";
  const load = result.loadAverage
    ? `, load average ${result.loadAverage.start.toFixed(1)} → ${result.loadAverage.end.toFixed(1)}`
    : "";
  const section = `Topologies: store nodes on loopback (${result.connections} connections in all, ${result.durationSeconds} s${rounds}${load})`;
  const rows = (Object.keys(WORKLOAD_LABELS) as Workload[]).flatMap((workload): ReportRow[] => {
    const measured = result.figures[workload];
    if (measured === undefined) return [];
    const { sqliteOne, pgOne, pgTwo } = measured;
    const label = WORKLOAD_LABELS[workload];
    const goals =
      workload === "write"
        ? writeGoalRows(section, measured, result.cpuBusy?.write, cores)
        : { pgOne: {}, pgTwo: {}, extra: [] };
    return [
      {
        section,
        figure: `${label}, ${TOPOLOGY_LABELS.pgOne}`,
        ours: perSecond(pgOne.requestsPerSecond),
        baseline: `${TOPOLOGY_LABELS.sqliteOne} ${perSecond(sqliteOne.requestsPerSecond)}`,
        ratio: ratio(ratioOf(pgOne.requestsPerSecond, sqliteOne.requestsPerSecond)),
        ...info,
        ...goals.pgOne,
      },
      {
        section,
        figure: `${label}, ${TOPOLOGY_LABELS.pgTwo}`,
        ours: perSecond(pgTwo.requestsPerSecond),
        baseline: `${TOPOLOGY_LABELS.pgOne} ${perSecond(pgOne.requestsPerSecond)}`,
        ratio: ratio(ratioOf(pgTwo.requestsPerSecond, pgOne.requestsPerSecond)),
        ...info,
        ...goals.pgTwo,
      },
      ...goals.extra,
    ];
  });
  return [...rows, ...cdnRow(section, cdn)];
}
