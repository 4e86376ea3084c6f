import type { GrowthResult } from "../growth.ts";
import { CHROMIUM_FLAGS } from "../lib/chromium-flags.ts";
import type { BenchResults } from "../results.ts";
import { TOPOLOGIES, type TopologiesResult, WORKLOADS } from "../topologies.ts";
import { kb, ms } from "./format.ts";
import { renderMarkdownTable } from "./markdown-table.ts";
import type { ReportRow } from "./row.ts";
import { TOPOLOGY_LABELS, WORKLOAD_LABELS } from "./topology-rows.ts";

export const ANALYSIS_START = "<!-- analysis:start -->";
export const ANALYSIS_END = "<!-- analysis:end -->";
const TOP_MODULES = 12;

/** The hand-written analysis block of an existing doc, kept across regenerations. */
export function extractAnalysis(doc: string): string | undefined {
  const start = doc.indexOf(ANALYSIS_START);
  const end = doc.indexOf(ANALYSIS_END);
  if (start < 0 || end < start) return undefined;
  return doc.slice(start, end + ANALYSIS_END.length);
}

const DEFAULT_ANALYSIS = `${ANALYSIS_START}
_No analysis written yet._
${ANALYSIS_END}`;

function runSummary(results: BenchResults): string {
  const { machine, config } = results;
  return [
    `- Run: ${results.startedAt}, ${Math.round(results.durationSeconds)} s, ${config.quick ? "quick (BENCH_QUICK=1)" : "full"} mode, commit \`${machine.commit}\``,
    `- Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB RAM, Node ${machine.node}, ${machine.chromium}; load average at start ${machine.loadAverage} (other work on the machine shows up as noise)`,
    `- Settings: Lighthouse ${config.lighthouseRuns} run(s) per page; TTFB up to ${config.ttfbRequests} requests each; autocannon ${config.connections} connections, ${config.loadWarmupSeconds} s warm-up + ${config.loadRounds} × ${config.loadSeconds} s measured per target; growth sizes ${config.growthSizes.join(", ")}`,
  ].join("\n");
}

function findings(results: BenchResults, rows: readonly ReportRow[]): string {
  const lines: string[] = [];
  const failing = rows.filter((row) => row.status === "FAIL" || row.status === "error");
  lines.push(
    failing.length === 0
      ? "- Every goal is met."
      : `- Goals not met: ${failing.map((row) => `${row.section.replace(/ \(.*/, "")} / ${row.figure.trim()} (${row.ours})`).join("; ")}.`,
  );
  for (const note of results.notes) lines.push(`- ${note}`);
  if (results.pageWeight?.ok) {
    const { ours } = results.pageWeight.value;
    const top = ours.otherModules.slice(0, TOP_MODULES);
    lines.push(
      `- Largest non-React modules (each minified and gzipped alone, so only indicative): ${top.map((m) => `\`${m.module}\` ${kb(m.approxGz)}`).join(", ")}.`,
    );
    lines.push(
      `- Scripts loaded: ${ours.scripts.map((s) => `\`${s.url}\` ${kb(s.gz)}`).join(", ")}; stylesheets: ${ours.stylesheets.map((s) => `\`${s.url}\` ${kb(s.gz)}`).join(", ") || "none"}.`,
    );
  }
  if (results.lighthouse?.ok) {
    const { ours, bare, oursDark } = results.lighthouse.value;
    lines.push(
      `- Lighthouse audits that cost our page points: ${ours?.lostPoints.join("; ") || "none"}.`,
    );
    if (oursDark) {
      lines.push(
        `- Lighthouse audits that cost our page points in the dark theme: ${oursDark.lostPoints.join("; ") || "none"}.`,
      );
    }
    lines.push(
      `- Lighthouse audits that cost the bare page points: ${bare.lostPoints.join("; ") || "none"}.`,
    );
    lines.push(
      `- Lighthouse's estimated LCP savings for our page (median over runs): ${ours?.opportunities.join("; ") || "none"}.`,
    );
  }
  if (results.throughput?.ok) {
    const t = results.throughput.value;
    lines.push(
      `- Throughput requests: ours ${t.ours?.totalRequests ?? 0}, json-server ${t.jsonServer.totalRequests}, bare ${t.bare.totalRequests}, bare body-only ${t.bareBodyOnly.totalRequests}; the bare servers replayed responses captured from ${t.bareBytesFrom === "store" ? "our store" : "the sample content (store not running)"}.`,
    );
  }
  if (results.topologies?.ok && !("skipped" in results.topologies.value)) {
    lines.push(topologyLatencies(results.topologies.value));
  }
  if (results.growth?.ok) lines.push(...growthFindings("SQLite", results.growth.value));
  if (results.growthPg?.ok && !("unavailable" in results.growthPg.value)) {
    lines.push(...growthFindings("PostgreSQL", results.growthPg.value));
  }
  return lines.join("\n");
}

function growthFindings(engine: string, g: GrowthResult): string[] {
  const lines = [
    `- Growth on ${engine}: indexes beyond the base schema: ${g.extraIndexes.map((name) => `\`${name}\``).join(", ") || "none"}. Generation: ${g.generated.map((x) => `${x.size.toLocaleString("en-US")} in ${x.seconds.toFixed(1)} s`).join(", ")}.`,
  ];
  const largest = g.rows.at(-1)?.size;
  for (const row of g.rows.filter((r) => r.size === largest)) {
    lines.push(
      `- ${engine} query plan, ${row.query} (${row.size.toLocaleString("en-US")}, as indexed): \`${row.indexed.plan}\``,
    );
  }
  const samples = g.rows
    .map((row) => `${row.size}/${row.query}: ${row.indexed.samples}+${row.scan.samples}`)
    .join(", ");
  lines.push(
    `- Growth samples on ${engine} (indexed+scan): ${samples}; median of each; e.g. largest scan ${ms(g.rows.at(-1)?.scan.medianMs ?? Number.NaN)}.`,
  );
  return lines;
}

function topologyLatencies(t: Exclude<TopologiesResult, { skipped: string }>): string {
  const parts = WORKLOADS.flatMap((workload) => {
    const measured = t.figures[workload];
    if (measured === undefined) return [];
    return TOPOLOGIES.map((topology) => {
      const figure = measured[topology];
      return `${WORKLOAD_LABELS[workload]} on ${TOPOLOGY_LABELS[topology]} p50 ${ms(figure.p50Ms)} / p99 ${ms(figure.p99Ms)}`;
    });
  });
  return `- Topologies latencies (two nodes: the slower node's): ${parts.join("; ")}.`;
}

const METHOD = `## Method

**Page weight.** The HTML is what \`GET /\` returns from the real server (\`node scripts/start.mjs\`).
Every \`<script type="module">\`, \`<link rel="modulepreload">\` and classic script it names is
fetched from that server, and each JS file's static imports (\`import … from\`, \`export … from\`,
parsed with Vite's oxc parser) are followed transitively; dynamic imports are not (they load later,
if at all). Each response is gzipped on its own at level 9 and the sizes are added; inline
\`<script>\` bodies (the embedded hydration data) are gzipped on their own and added too. 1 KB =
1000 bytes, as Vite prints them.
*React's share* comes from the build's module graph: the bench rebuilds the browser bundle with
the site's own \`vite.config.ts\` (in memory, \`write: false\`) plus one code-splitting group that
moves every module from \`react\`, \`react-dom\` and \`scheduler\` into a chunk of its own; that
chunk's gzipped size is React's runtime (it also holds Rolldown's few-hundred-byte CommonJS interop
helper, which React needs). *Everything else* is the page's total minus that figure, so it includes
our modules, Vite's preload helper and the hydration data. The bare page is measured the same way.
CSS is every \`<link rel="stylesheet">\` plus inline \`<style>\`, gzipped. Web-font requests are the
\`@font-face\` rules with a \`url()\` plus font preloads; a face *blocks text* unless it sets
\`font-display: swap | optional | fallback\`. Images are the \`<img>\` tags of the HTML, checked for
both \`width\` and \`height\`.
*Baselines:* \`bench/bare-page/\`, a Vite + React page (same React, same Vite, same plugin) that
server-renders and hydrates one button; and **164 KB gz** for the original stack (React +
@wix/sdk + @wix/data + framer-motion, before any page code), a fixed figure, not measured here.

**Lighthouse.** The \`lighthouse\` package, programmatically, default config (mobile form factor,
simulated throttling), categories performance, accessibility, best practices and SEO, against the
system Chromium launched once through \`chrome-launcher\` with
\`${CHROMIUM_FLAGS.join(" ")}\`. Targets: our page from the real server, and the bare
page from a tiny static server (its own process, gzip like a CDN, long-lived cache headers for
hashed assets). The two pages are run alternately; every figure is the median over the runs.

**TTFB.** Sequential \`GET /\` requests, each on a fresh connection (as a first visit), timed from
sending until the response headers arrive. Baseline: a bare \`node:http\` server (its own process)
that reads a file holding the very same bytes from disk on each request. Requests alternate
between the two after a warm-up. No \`Accept-Encoding\` is sent, so neither compresses.

**Store throughput.** autocannon, in its own process, on loopback: 64 connections; all four
servers run at once (idle ones cost nothing), each gets a warm-up run (not reported), then
\`BENCH_LOAD_ROUNDS\` measured runs of the same duration per target (3 by default, 1 in quick
mode), the targets taking turns; each figure is the median over the rounds. (a) our store: the
five site collections' queries \`POST /wix-data/v2/items/query {"dataCollectionId": X}\` round-robin with an
anonymous visitor token from \`POST /oauth2/token\` (the store answers these from its response
cache, as it does for SDK clients and for a page built without embedded content; the
server-rendered page makes no content requests at all); (b) json-server 0.17 (own process,
in-process API, no logger) serving a db.json written from \`content/\`, \`GET /<Collection>\`
round-robin; (c) the ceiling: a bare \`node:http\` server that gets the very requests of (a),
token included, reads and parses each body and answers with the store's responses captured just
before the run: the same body bytes and the same headers (ETag, Cache-Control, Vary, content
type) plus a fresh \`x-wix-request-id\`, so the client receives what our store sends;
(d) a diagnostic: the same bare server sending the body with only its type and length to the
same requests without the token (what this bench took as the ceiling until 2026-11-22). p50 and
p99 come from every 2xx response's time (autocannon's own histogram rounds to whole milliseconds). Any non-2xx response
or error fails the run. **The machine has 2 cores**: the server under test and the load generator
each get about one, so absolute figures are lower than on a real host; the ratios are the point.

**Idle memory and start.** Run first, before the bench starts its other servers, after one
unmeasured start (which builds the store or the site if their build is stale). The production
store as \`npm start\` runs it (its node flags and \`scripts/start.mjs\`, \`NODE_ENV=production\`, the built
store and site, no \`DATABASE_URL\`), on a free loopback port with a fresh \`DATA_DIR\`: its first
start seeds the sample content; it is then stopped and started again on the same \`DATA_DIR\`, as
a deployed store restarts. Each start: the time from spawning the process to the first \`GET /\`
answered in full, as bench:reliability times the production start (the goal is the restart's; a
first start also seeds), and the part of it after the store prints that it listens; then
sequential page views (\`GET /\` with fetch's \`Accept-Encoding\`, 100 in all), 2 s of quiet,
and the process's resident memory (\`VmRSS\` of \`/proc/<pid>/status\`, MB of 2^20 bytes). Baseline:
\`node -e\` with one idle timer, read after the same 2 s. What serves rare requests loads on first
use (\`apps/store/src/main/loaded-at-start.test.ts\` checks that the store serves its page without
sharp, WebAuthn, GraphQL, the mailer, the PostgreSQL driver, jsdom, qrcode, luxon, ical.js,
otpauth, bowser, fflate or argon2 loaded, and that a first start adds the sample booking in a
process of its own, which has ended before the first start's figures are read).

**CDN.** nginx (one worker, its own process) in front of the store, with \`proxy_cache\` and
the \`location\` directives of docs/deploy.md (bench/cdn/nginx-config.ts): the cache honours the
store's \`Cache-Control\` (\`s-maxage\`, \`stale-while-revalidate\`). \`GET /\` without
\`Accept-Encoding\` under autocannon (\`BENCH_CONNECTIONS\`, the throughput section's durations
and rounds, targets taking turns) through the cache, beside the same nginx serving the page's
bytes as a file, and the store answering directly. The hit rate is counted from nginx's
\`$upstream_cache_status\` log over a run of page views mixed with the page's five queries in
the GET (\`.r\`) form with a visitor token. Skipped with one line when nginx is not installed.

**Growth.** One temporary SQLite file opened with the store's own \`openDb\`; one collection per
size (1k, 10k, 100k, 1M) added to \`collections\`, declaring \`category\` (string, equality
filter) and \`price\` (number, range filter + sort) through the store's declared-fields module
(which creates their expression indexes), then filled through the store's own
\`createItemsStore().insert\` in 10k-item transactions.
Every size returns the same 100 matches (a page of 50), so an index lookup costs the same at every
size while a scan grows with it. Each query goes through the store's Fastify app with
\`app.inject\` (routing, credential check, parsing, SQL, serialisation; no socket), with the
store's API key: anonymous visitors' repeated queries would come from the response cache and hide
the query's cost. The scan baseline is the same store on a second connection to the same file, inside an
open transaction that has dropped every index on \`items\` beyond the base schema (rolled back at
the end): the store's own connection still sees its indexes, the second one scans. The two are
queried alternately, query by query, so drift on the machine hits both alike. Each figure is the
median of up to N timed queries (bounded in count and time, after a warm-up). The query plan is SQLite's \`EXPLAIN QUERY PLAN\` for the SQL the store actually ran.
"Grows like a lookup" is checked as: latency growth from the smallest to the largest size is
below the square root of the data growth. Each size is measured right after it is generated.

**Growth on PostgreSQL.** The same workload, queries and measurement on the server of
\`BENCH_DATABASE_URL\` (else \`STORE_TEST_DATABASE_URL\`), in a fresh schema migrated by the
store's own \`openPgDb\` and dropped afterwards (bench/growth/pg-store-adapter.ts). Collections and
declared fields (whose jsonb expression indexes the store creates) go through the store's
modules; items are written with the data and system columns the store's insert writes
(\`withSystemFields\`), but 10 000 per statement (\`INSERT … SELECT FROM jsonb_to_recordset\`),
since a round trip per item would take many minutes for a million. \`VACUUM ANALYZE items\` after
each size. The scan baseline is a second connection with \`enable_indexscan\`,
\`enable_bitmapscan\` and \`enable_indexonlyscan\` off (dropping the indexes there would lock
\`items\` against the store's own connection); unlike SQLite's, that scan reads the whole table,
the smaller sizes' rows included. The plan is PostgreSQL's \`EXPLAIN\` for the SQL the store ran.
Skipped with one line when no server is configured. The side-by-side rows put PostgreSQL's indexed
median beside SQLite's, and each engine's growth from 100k to 1M items.

**Topologies.** Real store processes (\`node scripts/start.mjs\`, each on a free loopback port with
its own \`DATA_DIR\`): one on SQLite; two on one fresh PostgreSQL database (created on
\`BENCH_DATABASE_URL\`'s server, dropped afterwards), started one after the other. Three workloads,
each under autocannon (\`BENCH_CONNECTIONS\` in all, the throughput section's durations and
rounds, the nine targets taking turns, median over the rounds): the page (\`GET /\`); a visitor's
GET queries (\`.r\` form, the page's collections round-robin, with that node's visitor token); and
item updates (\`POST /wix-data/v2/items/update\` with the API key, every connection a writer, of
the 64 items of a collection the bench creates, \`BenchWrites\`, which no page or query reads:
each writer goes round them from its own, the second node's writers from the items after the
first's, so that 64 writers update different items as many editors and API clients would,
rather than all queueing on one row; each item's own data, so every write keeps a version in
its history; a 30 s request timeout instead of autocannon's 10 s). One node gets one autocannon process; two nodes get one each, half the
connections each, both started at the same instant, and their requests/s are added (latencies:
the slower node's). The CDN row is the cdn section's figure of the same run. **The machine has 2
cores** shared by autocannon, PostgreSQL and the nodes: a second node adds no CPU here, so the
two-node figures show what the database lets through, not what a second machine would add.
Skipped with one line when no PostgreSQL server is configured.`;

const COMMANDS = `## Commands

\`\`\`sh
npm run bench                      # full run (about 5-8 minutes on 2 cores, 20 with PostgreSQL); rewrites this file
BENCH_DATABASE_URL=postgres://user:pw@localhost:5432/postgres npm run bench   # with the PostgreSQL figures
BENCH_QUICK=1 npm run bench        # about a minute: 1 Lighthouse run, 3 s loads, up to 100k items; prints only
BENCH_ONLY=page-weight,ttfb npm run bench   # some sections only
\`\`\`

The bench builds the site first if \`apps/site/dist\` is missing (and \`npm start\` rebuilds it when
stale), builds \`bench/bare-page\` every run, and starts and stops every server itself, each on a
free loopback port with a temporary \`DATA_DIR\`.

| Variable | Default (quick) | Meaning |
|---|---|---|
| \`BENCH_QUICK\` | off | smaller defaults everywhere; does not rewrite this file |
| \`BENCH_ONLY\` | all | comma list of \`page-weight, lighthouse, ttfb, throughput, footprint, cdn, topologies, growth\` |
| \`BENCH_LH_RUNS\` | 3 (1) | Lighthouse runs per page (median reported) |
| \`BENCH_TTFB_REQUESTS\` / \`BENCH_TTFB_WARMUP\` / \`BENCH_TTFB_MAX_SECONDS\` | 2000 / 100 / 60 (200 / 20 / 10) | TTFB requests per target, warm-up, time bound |
| \`BENCH_CONNECTIONS\` | 64 | autocannon connections |
| \`BENCH_LOAD_SECONDS\` / \`BENCH_LOAD_WARMUP_SECONDS\` | 10 / 3 (3 / 1) | measured and warm-up load per target |
| \`BENCH_FOOTPRINT_PAGE_VIEWS\` | 100 | page views before the idle store's memory is read |
| \`BENCH_LOAD_ROUNDS\` | 3 (1) | measured runs per target, targets taking turns; the median is reported (steadier on a busy machine) |
| \`BENCH_GROWTH_SIZES\` | 1k,10k,100k,1m (1k,10k,100k) | collection sizes (\`k\`/\`m\` suffixes allowed) |
| \`BENCH_GROWTH_QUERIES\` / \`BENCH_GROWTH_MAX_SECONDS\` | 100 / 4 (20 / 1) | timed queries per figure, and time bound per figure |
| \`BENCH_GROWTH_MAX_GENERATE_SECONDS\` | 300 (20) | skip a size whose generation would take longer |
| \`BENCH_WRITE_DOC\` | on (off) | rewrite \`docs/benchmarks.md\` |
| \`BENCH_JSON\` | unset | also write the raw results as JSON to this path |
| \`BENCH_DATABASE_URL\` | \`STORE_TEST_DATABASE_URL\` | PostgreSQL server for the topologies section and growth on PostgreSQL (each creates and drops its own database or schema there); unset skips both |
| \`BENCH_TIMEOUT_SECONDS\` | 2400 (420) | abandon the whole run after this long |
| \`BENCH_NGINX\` | \`nginx\`, \`/usr/sbin/nginx\` | nginx binary for the CDN section (skipped when none is found) |
| \`BENCH_CHROMIUM\` | \`/usr/bin/chromium\` | Chromium binary |

Unit tests of the harness: \`npx vitest run --config bench/vitest.config.ts\`; type check: \`npx tsc -p bench\`.`;

/** docs/benchmarks.md: the latest table, how it was produced, and the kept analysis block. */
export function renderBenchmarksDoc(
  results: BenchResults,
  rows: readonly ReportRow[],
  analysis: string | undefined,
): string {
  return `# Benchmarks

Generated by \`npm run bench\` (bench/run.ts). The table below is the latest full run; the
analysis block is written by hand and kept when the file is regenerated.

${runSummary(results)}

## Latest results

${renderMarkdownTable(rows)}

### Findings from this run

${findings(results, rows)}

## Analysis

${analysis ?? DEFAULT_ANALYSIS}

${METHOD}

${COMMANDS}
`;
}
