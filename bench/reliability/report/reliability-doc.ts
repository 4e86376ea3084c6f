/** @module `docs/reliability.md`: the summary table, the kept analysis, and what the figures mean. */

import { RELIABILITY_SECTIONS, type ReliabilityConfig } from "../config.ts";
import { fuzzBullet, permissionMatrixSection } from "./attack-text.ts";
import { type FigureRow, n } from "./figure-row.ts";
import type { ReliabilityResults } from "./reliability-results.ts";

const status = (met: boolean | null) => (met === null ? "" : met ? "pass" : "**fail**");
const cell = (text: string) => text.replaceAll("|", "\\|");

function earlierNote(results: ReliabilityResults): string {
  const entries = Object.entries(results.earlier ?? {});
  if (entries.length === 0) return "";
  const list = entries.map(
    ([section, at]) => `${section} (${String(at).slice(0, 16).replace("T", " ")} UTC)`,
  );
  return `\nKept from earlier runs (not run this time): ${list.join(", ")}; each figure names its size.\n`;
}

/** Which sections this run measured, when not all, and whether at the quick sizes. */
function runNote({ config }: ReliabilityResults): string {
  const some = config.sections.length < RELIABILITY_SECTIONS.length;
  const notes = [
    ...(some ? [`sections ${config.sections.join(", ")}`] : []),
    ...(config.quick ? ["**quick sizes**: RELIABILITY_QUICK=1"] : []),
  ];
  return notes.length === 0 ? "" : ` (${notes.join("; ")})`;
}

/** The sizes of the sections this run measured (the kept ones name theirs in the summary). */
function sizesOfThisRun(config: ReliabilityConfig): string {
  const sizes: Record<(typeof RELIABILITY_SECTIONS)[number], string> = {
    permissions: "the permission matrix whole (the same at quick sizes)",
    fuzz: `${n(config.fuzzRequests)} fuzz requests (seed ${config.fuzzSeed})`,
    crash: `${config.kills} kills (seed ${config.crashSeed})`,
    sync: `${config.syncSeconds} s per synchronous setting`,
    backup: `${n(config.backupItems)} items backed up`,
    start: `${config.startRuns} production start${config.startRuns === 1 ? "" : "s"}`,
    load: `${config.loadConnections} connections for ${config.loadSeconds} s`,
    audit: "",
  };
  const measured = config.sections.map((section) => sizes[section]).filter(Boolean);
  return `Sizes of this run${config.quick ? " (quick)" : ""}: ${measured.join(", ") || "none"}.`;
}

const PENDING_HEADING = "## Pending";
const GENERATED_PENDING = /^- (Nothing\.|Permission matrix, caller ")/;

/** The hand-written bullets of a previous doc's "Pending" (the generated ones are made anew). */
export function extractKeptPending(previousDoc: string): string[] {
  const start = previousDoc.indexOf(`${PENDING_HEADING}\n`);
  if (start === -1) return [];
  const body = previousDoc.slice(start + PENDING_HEADING.length + 1);
  const next = body.search(/^## /m);
  const section = next === -1 ? body : body.slice(0, next);
  return section
    .split(/^(?=- )/m)
    .map((bullet) => bullet.trim())
    .filter((bullet) => bullet.startsWith("- ") && !GENERATED_PENDING.test(bullet))
    .map((bullet) => bullet.slice(2));
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
  keptPending: readonly string[] = [],
): string {
  const { config, machine } = results;
  const summary = [
    "| Figure | SQLite | PostgreSQL | Goal | Status |",
    "|---|---|---|---|---|",
    ...rows.map((row) => {
      const indent = row.figure.startsWith("  ") ? "&nbsp;&nbsp;" : "";
      return `| ${indent}${cell(row.figure.trim())} | ${cell(row.value)} | ${cell(row.postgres ?? "—")} | ${cell(row.goal)} | ${status(row.met)} |`;
    }),
  ].join("\n");
  const sqliteMatrix = results.permissions?.sqlite;
  const generated = sqliteMatrix?.ok
    ? sqliteMatrix.value.pendingCallers.map(
        (p) => `Permission matrix, caller "${p.name}": ${p.reason}.`,
      )
    : [];
  const pending = [...generated, ...keptPending];
  const crash = results.crash?.sqlite;
  const { kills, seed: crashSeed } =
    crash?.ok === true ? crash.value : { kills: config.kills, seed: config.crashSeed };
  return `# Reliability

What the store guarantees, as figures. Written by \`npm run bench:reliability\` on ${results.startedAt.slice(0, 16).replace("T", " ")} UTC
in ${Math.round(results.durationSeconds)} s${runNote(results)}: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB,
Node ${machine.node}, commit ${machine.commit}, load average ${machine.loadAverage} at the start (the machine is shared: times
are upper bounds). \`npm test\` runs the same checks at quick sizes (\`bench/reliability/**/*.test.ts\`:
a covering eighth of the permission matrix on each engine, every route with every caller and
under every setting (\`MATRIX_FULL=1\` runs it whole), 1,500 fuzz requests, 3 kills); the
load and the production start run here only.
The crash harness, the fuzzer and the permission matrix run on each engine: SQLite, and PostgreSQL
when \`STORE_TEST_DATABASE_URL\` (or \`BENCH_DATABASE_URL\`) names a server, in a database of their
own that is dropped afterwards ("not run" without one); "—" marks a figure measured on SQLite only.

${summary}
${earlierNote(results)}
${ANALYSIS_HEADING}

${analysis}
## Durability

The store opens SQLite with \`journal_mode=WAL\` and \`synchronous=NORMAL\`. In WAL mode a commit is
in the log before the store answers, so a killed process (kill -9, a crash, the OOM killer) loses
nothing it acknowledged: the crash harness above kills the real store ${kills} times at seeded
random moments (seed ${crashSeed}, \`CRASH_SEED\`) under concurrent single inserts, bulk inserts,
the owner's editor saves and members signing up and in, restarts it, and checks every acknowledged
write byte for byte, every bulk call all-or-nothing, the edited item and its history whole, every
answered sign-up's identity (active, with its password) and sign-in's session row, and
\`PRAGMA integrity_check\`.
What NORMAL does not cover is the machine losing power: the last commits before the outage may be
lost (never a corrupt database). \`synchronous=FULL\` would cover that too, at the write rate shown
above (each commit waits for the disk); a one-page site's content store writes a few times a
minute, so either is fast enough, and the figure is there to choose by.

On PostgreSQL (\`DATABASE_URL\`) the data lives in the database server, which outlives the store
process: the harness kills the store the same way, against a fresh database, and checks the same
things there (PostgreSQL has no \`integrity_check\`; after a crash of its own it replays its WAL).
A commit returns once the server has it in its WAL (\`synchronous_commit\` as stated above), so a
killed store loses nothing it acknowledged; a server crash is the server's own durability.

${permissionMatrixSection(results)}

## Fuzzing, load, backups

${fuzzBullet(results)}
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

${sizesOfThisRun(config)}
`;
}
