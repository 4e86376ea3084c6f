/** @module The load run's figures: errors, latency, edits seen by visitors, memory, the sign-in flood. */
import type { ReliabilityLoadFigures } from "../load/run-reliability-load.ts";
import type { FloodSignIn, SignInFloodFigures } from "../load/sign-in-flood.ts";
import { type FigureRow, mb, ms, n } from "./figure-row.ts";

/** RSS growth over the load run that counts as a leak. */
export const RSS_GROWTH_BOUND_MB = 64;

/** Failed requests: autocannon counts a timed-out request both as an error and a timeout. */
function failedRequests(figures: ReliabilityLoadFigures): number {
  const kinds = figures.load.failureKinds;
  return kinds ? kinds.non2xx + kinds.errors : figures.load.failures;
}

function failureKinds(figures: ReliabilityLoadFigures): string {
  const kinds = figures.load.failureKinds;
  if (!kinds || failedRequests(figures) === 0) return "";
  const statuses = Object.entries(kinds.statuses).map(([status, count]) => `${count} × ${status}`);
  const parts = [
    ...statuses,
    ...(kinds.errors > 0
      ? [
          `${kinds.errors} request errors (${Object.entries(kinds.errorCodes)
            .map(([code, count]) => `${count} ${code}`)
            .join(", ")})`,
        ]
      : []),
  ];
  return `: ${parts.join(", ")}`;
}

/** `GET /` during the sign-in flood may be this many times its quiet median. */
export const FLOOD_PAGE_SLOWDOWN_BOUND = 10;

/** The sign-in flood: the page beside its quiet figure, and the genuine member's sign-ins. */
function floodRows(f: SignInFloodFigures): FigureRow[] {
  const ratio = f.pageMedianMs.flood / f.pageMedianMs.quiet;
  const answers = Object.entries(f.floodAnswers)
    .sort(([, a], [, b]) => b - a)
    .map(([code, count]) => `${n(count)} ${code}`)
    .join(", ");
  const signIn = (s: FloodSignIn) => (s.ok ? `signed in, ${ms(s.ms)}` : `refused (${s.code})`);
  return [
    {
      figure: `Sign-in flood: \`GET /\` median, quiet / during ${f.flooders} callers sending wrong passwords for ${f.accounts} members from ${f.addresses} addresses for ${f.seconds} s`,
      value: `${ms(f.pageMedianMs.quiet)} / ${ms(f.pageMedianMs.flood)} (${ratio.toFixed(1)}×; ${n(f.pageRequests.flood)} pages during)`,
      goal: `≤ ${FLOOD_PAGE_SLOWDOWN_BOUND}×`,
      met: ratio <= FLOOD_PAGE_SLOWDOWN_BOUND,
    },
    {
      figure:
        "  a genuine member signing in during the flood: fresh browser / known browser (device cookie)",
      value: `${signIn(f.member.fresh)} / ${signIn(f.member.knownDevice)}`,
      goal: "both signed in",
      met: f.member.fresh.ok && f.member.knownDevice.ok,
    },
    { figure: "  the flood's answers", value: answers, goal: "stated", met: null },
  ];
}

/** Errors under load, latency, the owner's edits reaching visitors, members meanwhile, CPU and RSS. */
export function loadRows(l: ReliabilityLoadFigures): FigureRow[] {
  const growth = l.rssMb.end - l.rssMb.start;
  return [
    {
      figure: `Load: errors in ${n(l.load.totalRequests)} requests, ${l.connections} connections for ${l.durationSeconds} s`,
      value: `${failedRequests(l)}${failureKinds(l)} (${n(l.load.requestsPerSecond)} req/s)`,
      goal: "0",
      met: failedRequests(l) === 0 && l.failedSaves === 0,
    },
    {
      figure: "  latency p50 / p99",
      value: `${ms(l.load.p50Ms)} / ${ms(l.load.p99Ms)}`,
      goal: "stated",
      met: null,
    },
    {
      figure: `  owner edits (one a second) visible to visitors: p50 / p99 / max after the save`,
      value: `${ms(l.visibleAfterMs.p50)} / ${ms(l.visibleAfterMs.p99)} / ${ms(l.visibleAfterMs.max)} (${l.saves} saves, ${l.failedSaves} failed)`,
      goal: "≤ 1 s each",
      met: l.visibleAfterMs.over1s === 0 && l.saves > 0,
    },
    {
      figure: "  members signing up and in meanwhile (one a second)",
      value: `${l.members.attempted}, ${l.members.failed} failed`,
      goal: "0 failed",
      met: l.members.failed === 0 && l.members.attempted > 0,
    },
    {
      figure: "  store CPU time per request (user + system)",
      value: `${(l.cpuMsPerRequest * 1000).toFixed(0)} µs`,
      goal: "stated",
      met: null,
    },
    {
      figure: "  store RSS at start / peak / end",
      value: `${mb(l.rssMb.start)} / ${mb(l.rssMb.peak)} / ${mb(l.rssMb.end)}`,
      goal: `growth ≤ ${RSS_GROWTH_BOUND_MB} MB`,
      met: growth <= RSS_GROWTH_BOUND_MB,
    },
    ...(l.flood === undefined ? [] : floodRows(l.flood)),
  ];
}
