/**
 * @module The reliability figures as console lines and as `docs/reliability.md`.
 */
import type { MachineInfo, Outcome } from "../results.ts";
import type { AuditFigures } from "./audit.ts";
import type { BackupFigures } from "./backup/measure-backup.ts";
import type { ReliabilityConfig, ReliabilitySection } from "./config.ts";
import { type CrashResult, lostWrites } from "./crash/crash-harness.ts";
import type { SyncCost } from "./crash/sync-cost.ts";
import type { FuzzResult } from "./fuzz/run-fuzz.ts";
import type { ReliabilityLoadFigures } from "./load/run-reliability-load.ts";
import type { MatrixSummary } from "./permissions/matrix-table.ts";
import type { StartFigures } from "./start/measure-start.ts";

export type ReliabilityResults = {
  /** The shape of the figures (run.ts, RESULTS_FORMAT); absent in the first runs. */
  format?: number;
  startedAt: string;
  durationSeconds: number;
  config: ReliabilityConfig;
  machine: MachineInfo;
  permissions?: Outcome<MatrixSummary>;
  fuzz?: Outcome<FuzzResult>;
  crash?: Outcome<CrashResult>;
  sync?: Outcome<SyncCost>;
  backup?: Outcome<BackupFigures>;
  load?: Outcome<ReliabilityLoadFigures>;
  start?: Outcome<StartFigures>;
  audit?: Outcome<AuditFigures>;
  /** Sections not run this time, kept from an earlier run: when that run started. */
  earlier?: Partial<Record<ReliabilitySection, string>>;
};

/** One line of the summary: what, the figure, the goal, and whether it is met. */
export type FigureRow = { figure: string; value: string; goal: string; met: boolean | null };

/** Idle memory and start time the issue aims at on a small server. */
export const START_GOALS = { idleRssMb: 64, startMs: 500 };
/** RSS growth over the load run that counts as a leak. */
export const RSS_GROWTH_BOUND_MB = 64;

const n = (value: number) => Math.round(value).toLocaleString("en-US");
const ms = (value: number) =>
  Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 0)} ms` : "never";
const mb = (value: number) => `${value.toFixed(0)} MB`;

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

function failed(label: string, outcome: { ok: false; error: string }): FigureRow[] {
  return [
    { figure: label, value: `not measured: ${outcome.error.split("\n")[0]}`, goal: "", met: false },
  ];
}

export function figureRows(results: ReliabilityResults): FigureRow[] {
  const rows: FigureRow[] = [];
  const { crash, sync, fuzz, permissions, load, backup, start, audit } = results;
  if (crash) {
    if (!crash.ok) rows.push(...failed("Crash durability", crash));
    else {
      const c = crash.value;
      const { lost, acknowledged } = lostWrites(c);
      rows.push(
        {
          figure: `Crash durability: acknowledged writes lost over ${c.kills} kill -9`,
          value: `${lost} of ${n(acknowledged)} (single ${n(c.writes.single.acknowledged)}, bulk calls ${n(c.writes.bulk.acknowledged)}, editor saves ${n(c.writes.editor.acknowledged)}, member sign-ups and sign-ins ${n(c.writes.member.acknowledged)}; ${n(c.cutInFlight)} cut in flight)`,
          goal: "0",
          met: lost === 0,
        },
        {
          figure: "  half-written bulk calls / item versions",
          value: `${c.partialBulk} / ${c.partialVersions}`,
          goal: "0 / 0",
          met: c.partialBulk === 0 && c.partialVersions === 0,
        },
        {
          figure: "  integrity_check failures after a kill",
          value: String(c.integrityFailures),
          goal: "0",
          met: c.integrityFailures === 0,
        },
      );
    }
  }
  if (sync) {
    if (!sync.ok) rows.push(...failed("Durability setting cost", sync));
    else
      rows.push({
        figure:
          "Durability setting: journal_mode=WAL, synchronous=NORMAL; single writes/s NORMAL vs FULL",
        value: `${n(sync.value.normalWritesPerSecond)} vs ${n(sync.value.fullWritesPerSecond)} (FULL costs ${(sync.value.normalWritesPerSecond / sync.value.fullWritesPerSecond).toFixed(1)}x)`,
        goal: "stated",
        met: null,
      });
  }
  if (fuzz) {
    if (!fuzz.ok) rows.push(...failed("Fuzzing", fuzz));
    else {
      const f = fuzz.value;
      rows.push(
        {
          figure: `Fuzzing: 5xx answers in ${n(f.requests)} hostile requests (seed ${f.seed})`,
          value: String(f.serverErrors),
          goal: "0",
          met: f.serverErrors === 0,
        },
        {
          figure: "  content changed by requests without credentials",
          value: `${f.contentChanges} of ${n(f.uncredentialed)}`,
          goal: "0",
          met: f.contentChanges === 0,
        },
        {
          figure: "  store serving afterwards",
          value: f.aliveAfter ? "yes" : "no",
          goal: "yes",
          met: f.aliveAfter,
        },
      );
    }
  }
  if (permissions) {
    if (!permissions.ok) rows.push(...failed("Permission matrix", permissions));
    else {
      const { cells, unauthorized, wronglyRefused: refused } = permissions.value;
      rows.push(
        {
          figure: `Permission matrix: unauthorized reads or writes in ${n(cells)} cells`,
          value: String(unauthorized),
          goal: "0",
          met: unauthorized === 0,
        },
        {
          figure: "  permitted calls refused",
          value: String(refused),
          goal: "0",
          met: refused === 0,
        },
      );
    }
  }
  if (load) {
    if (!load.ok) rows.push(...failed("Load", load));
    else {
      const l = load.value;
      const growth = l.rssMb.end - l.rssMb.start;
      rows.push(
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
      );
    }
  }
  if (backup) {
    if (!backup.ok) rows.push(...failed("Backups", backup));
    else {
      const b = backup.value;
      rows.push(
        {
          figure: `Online backup of ${n(b.items)} items (${b.databaseMb.toFixed(1)} MB) while writing`,
          value: `${ms(b.backupMs)}; ${b.writesDuringBackup} writes meanwhile, ${b.failedWrites} failed`,
          goal: "0 failed",
          met: b.failedWrites === 0,
        },
        {
          figure: "  restore into the serving store / corrupt file refused, data unchanged",
          value: `${ms(b.restoreMs)}, served: ${b.restoredContentServed ? "yes" : "no"} / ${b.corruptRefused ? "yes" : "no"}`,
          goal: "yes / yes",
          met: b.restoredContentServed && b.corruptRefused,
        },
      );
    }
  }
  if (start) {
    if (!start.ok) rows.push(...failed("Production start", start));
    else {
      const s = start.value;
      rows.push(
        {
          figure: `Production start (\`${s.command}\`): start to first answer (median of ${s.runs})`,
          value: ms(s.startToFirstAnswerMs),
          goal: `≤ ${START_GOALS.startMs} ms`,
          met: s.startToFirstAnswerMs <= START_GOALS.startMs,
        },
        {
          figure: "  idle RSS",
          value: mb(s.idleRssMb),
          goal: `≤ ${START_GOALS.idleRssMb} MB`,
          met: s.idleRssMb <= START_GOALS.idleRssMb,
        },
        {
          figure: "  of which private / node's executable and libraries (file pages, shared)",
          value: `${mb(s.idleMemoryMb.anonymous)} / ${mb(s.idleMemoryMb.fileBacked)}`,
          goal: "stated",
          met: null,
        },
      );
    }
  }
  if (audit) {
    if (!audit.ok) rows.push(...failed("npm audit --omit=dev", audit));
    else if (!audit.value.ok)
      rows.push({
        figure: "npm audit --omit=dev",
        value: `not measured: ${audit.value.reason}`,
        goal: "0 high, 0 critical",
        met: null,
      });
    else {
      const counts = audit.value.counts;
      const bad = (counts.high ?? 0) + (counts.critical ?? 0);
      rows.push({
        figure: "npm audit --omit=dev: high / critical findings",
        value: `${counts.high ?? 0} / ${counts.critical ?? 0} (all: ${counts.total ?? "?"})`,
        goal: "0 / 0",
        met: bad === 0,
      });
    }
  }
  return rows;
}

const status = (met: boolean | null) => (met === null ? "" : met ? "pass" : "**fail**");
const cell = (text: string) => text.replaceAll("|", "\\|");

export function renderConsoleSummary(rows: readonly FigureRow[]): string {
  return rows
    .map(
      (row) =>
        `${row.met === false ? "FAIL" : row.met ? "ok  " : "    "} ${row.figure}: ${row.value}${row.goal ? ` (goal ${row.goal})` : ""}`,
    )
    .join("\n");
}

function earlierNote(results: ReliabilityResults): string {
  const entries = Object.entries(results.earlier ?? {});
  if (entries.length === 0) return "";
  const list = entries.map(
    ([section, at]) => `${section} (${String(at).slice(0, 16).replace("T", " ")} UTC)`,
  );
  return `\nKept from earlier runs (not run this time): ${list.join(", ")}; their sizes may differ from the ones below.\n`;
}

const ANALYSIS_HEADING = "## Analysis";

/** The hand-written analysis of a previous doc (kept across runs), or a placeholder. */
export function extractReliabilityAnalysis(previousDoc: string): string {
  const start = previousDoc.indexOf(`${ANALYSIS_HEADING}\n`);
  if (start === -1) return "_Written by hand after a run; kept by later runs._\n";
  const body = previousDoc.slice(start + ANALYSIS_HEADING.length + 1);
  const next = body.search(/^## /m);
  return (next === -1 ? body : body.slice(0, next)).trim().concat("\n");
}

export function renderReliabilityDoc(
  results: ReliabilityResults,
  rows: readonly FigureRow[],
  analysis = extractReliabilityAnalysis(""),
): string {
  const { config, machine } = results;
  const summary = [
    "| Figure | Result | Goal | Status |",
    "|---|---|---|---|",
    ...rows.map((row) => {
      const indent = row.figure.startsWith("  ") ? "&nbsp;&nbsp;" : "";
      return `| ${indent}${cell(row.figure.trim())} | ${cell(row.value)} | ${cell(row.goal)} | ${status(row.met)} |`;
    }),
  ].join("\n");
  const matrix =
    results.permissions?.ok === true ? results.permissions.value.table : "_Not measured._";
  const pending = [
    ...(results.permissions?.ok
      ? results.permissions.value.pendingCallers.map(
          (p) => `Permission matrix, caller "${p.name}": ${p.reason}.`,
        )
      : []),
  ];
  return `# Reliability

What the store guarantees, as figures. Written by \`npm run bench:reliability\` on ${results.startedAt.slice(0, 16).replace("T", " ")} UTC
in ${Math.round(results.durationSeconds)} s${config.quick ? " (**quick sizes**: RELIABILITY_QUICK=1)" : ""}: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB,
Node ${machine.node}, commit ${machine.commit}, load average ${machine.loadAverage} at the start (the machine is shared: times
are upper bounds). \`npm test\` runs the same checks at quick sizes (\`bench/reliability/**/*.test.ts\`:
the permission matrix whole, 1,500 fuzz requests, 3 kills); the load and the production start run here only.

${summary}
${earlierNote(results)}
${ANALYSIS_HEADING}

${analysis}
## Durability

The store opens SQLite with \`journal_mode=WAL\` and \`synchronous=NORMAL\`. In WAL mode a commit is
in the log before the store answers, so a killed process (kill -9, a crash, the OOM killer) loses
nothing it acknowledged: the crash harness above kills the real store ${config.kills} times at seeded
random moments (seed ${config.crashSeed}, \`CRASH_SEED\`) under concurrent single inserts, bulk inserts,
the owner's editor saves and members signing up and in, restarts it, and checks every acknowledged
write byte for byte, every bulk call all-or-nothing, the edited item and its history whole, every
answered sign-up's identity (active, with its password) and sign-in's session row, and
\`PRAGMA integrity_check\`.
What NORMAL does not cover is the machine losing power: the last commits before the outage may be
lost (never a corrupt database). \`synchronous=FULL\` would cover that too, at the write rate shown
above (each commit waits for the disk); a one-page site's content store writes a few times a
minute, so either is fast enough, and the figure is there to choose by.

## Permission matrix

Every route (the items routes under both \`/wix-data/v2\` and \`/v2\`) × every kind of caller × five
permission settings of the collection, against the real store in process, one fresh database per
caller and setting. A cell is **unauthorized** when the rules refuse the caller but the store
answered 2xx, changed any stored byte, or returned any text of the seeded items; the count is in the
summary. Below, where each caller got a 2xx. Owner routes answer the editor's session only (with
its CSRF header on state changes); the token endpoint, page, static files and editor page are
public; the calls the store does not offer answer 404 to everyone.

${matrix}

## Fuzzing, load, backups

- **Fuzzer** (\`bench/reliability/fuzz/\`): fast-check bends each route's well-formed request
  (method, path segments and traversals, query strings and \`.r\` payloads, JSON bodies with one
  value replaced, random JSON, bytes, deep nesting, \`__proto__\` keys, content types and encodings,
  API key / visitor / forged / garbage credentials, owner cookies with and without CSRF, proxy
  and range headers) and sends it over a socket to the real store; after every request without
  credentials the whole database is compared with the one before. \`FUZZ_REQUESTS\` and
  \`FUZZ_SEED\` set the size and seed.
- **Load** (\`bench/reliability/load/\`): autocannon in its own process on \`/\` and three visitor
  queries, round robin, against the production start, while the owner saves an edit every second
  through the API with the editor's session and a visitor polls the same query until the edit
  shows.
- **Backups**: \`npm run store -- backup FILE\` and \`restore FILE\` (README, "Backups"), measured
  here while a writer inserts through the API.

## Dependencies

- \`npm audit --omit=dev\`: see the summary (it needs the registry; an offline run says so).
- The engine warnings on Node 20 (\`EBADENGINE\`): two runtime packages declare Node ≥ 22, both
  ES modules that a CommonJS package \`require()\`s, which Node does from 20.19 on (the \`engines\`
  floor of this repo), and neither on the serving path. \`cookie@2.0.2\` comes with
  \`light-my-request\` (Fastify's \`inject()\`, which the store does not call while serving; every
  store test runs it on Node 20). \`content-disposition@3.0.0\` comes with \`@fastify/static\` 10.1
  for \`reply.download()\`, which the store does not call (its \`create()\` runs on Node 20.20:
  checked by hand). Overrides are not possible: \`light-my-request\` uses \`cookie@2\`'s
  \`stringifySetCookie\` and \`@fastify/static\` \`content-disposition@3\`'s \`create\`, which the
  older majors lack. So the warnings are npm's only; \`engines\` stays \`>=20.19\`.

## Pending

${pending.length > 0 ? pending.map((line) => `- ${line}`).join("\n") : "- Nothing."}

## Rerun

\`\`\`sh
npm run bench:reliability                        # full sizes: 100 kills, 10,000 requests, 256 connections for 60 s
RELIABILITY_QUICK=1 npm run bench:reliability    # quick sizes
RELIABILITY_SECTIONS=crash,fuzz CRASH_KILLS=20 FUZZ_REQUESTS=50000 npm run bench:reliability
\`\`\`

Sizes of this run: ${config.kills} kills, ${n(config.fuzzRequests)} fuzz requests (seed ${config.fuzzSeed}),
${config.loadConnections} connections for ${config.loadSeconds} s, ${n(config.backupItems)} items backed up,
${config.startRuns} production starts, ${config.syncSeconds} s per synchronous setting.
`;
}
