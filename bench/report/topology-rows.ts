/**
 * @module The topologies section's rows (docs/deploy.md's figures): each workload on one
 * PostgreSQL node beside one SQLite node, on two PostgreSQL nodes beside one, and the page
 * through a CDN cache, taken from the cdn section of the same run.
 */
import type { CdnResult } from "../cdn.ts";
import type { TopologiesResult, Topology, Workload } from "../topologies.ts";
import { perSecond, ratio, ratioOf } from "./format.ts";
import type { ReportRow } from "./row.ts";

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

export function topologyRows(result: TopologiesResult, cdn?: CdnResult): ReportRow[] {
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
    return [
      {
        section,
        figure: `${label}, ${TOPOLOGY_LABELS.pgOne}`,
        ours: perSecond(pgOne.requestsPerSecond),
        baseline: `${TOPOLOGY_LABELS.sqliteOne} ${perSecond(sqliteOne.requestsPerSecond)}`,
        ratio: ratio(ratioOf(pgOne.requestsPerSecond, sqliteOne.requestsPerSecond)),
        ...info,
      },
      {
        section,
        figure: `${label}, ${TOPOLOGY_LABELS.pgTwo}`,
        ours: perSecond(pgTwo.requestsPerSecond),
        baseline: `${TOPOLOGY_LABELS.pgOne} ${perSecond(pgOne.requestsPerSecond)}`,
        ratio: ratio(ratioOf(pgTwo.requestsPerSecond, pgOne.requestsPerSecond)),
        ...info,
      },
    ];
  });
  return [...rows, ...cdnRow(section, cdn)];
}
