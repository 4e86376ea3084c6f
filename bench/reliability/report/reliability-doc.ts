/** @module `docs/reliability.md`: the summary table, the kept analysis, and what the figures mean. */

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
