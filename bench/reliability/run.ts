// `npm run bench:reliability`: every reliability figure, printed and written to
// docs/reliability.md. Sizes: bench/reliability/config.ts (full by default, RELIABILITY_QUICK=1).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describeMachine } from "../lib/machine.ts";
import { ROOT_DIR, SITE_DIST_CLIENT } from "../lib/paths.ts";
import type { Outcome } from "../results.ts";
import { runAudit } from "./audit.ts";
import { measureBackup } from "./backup/measure-backup.ts";
import { RELIABILITY_SECTIONS, type ReliabilitySection, readReliabilityConfig } from "./config.ts";
import { runCrashRounds } from "./crash/crash-harness.ts";
import { measureSyncCost } from "./crash/sync-cost.ts";
import { runFuzz } from "./fuzz/run-fuzz.ts";
import { CALLER_KINDS } from "./lib/callers.ts";
import {
  ENGINE_LABELS,
  type Engine,
  enginesFor,
  readPostgresUrl,
  withEngine,
} from "./lib/engine.ts";
import { runReliabilityLoad } from "./load/run-reliability-load.ts";
import { summarizeMatrix } from "./permissions/matrix-table.ts";
import { PERMISSION_SETTINGS, runPermissionMatrix } from "./permissions/permission-matrix.ts";
import type { PerEngine } from "./report/engine-rows.ts";
import {
  extractKeptPending,
  extractReliabilityAnalysis,
  renderReliabilityDoc,
} from "./report/reliability-doc.ts";
import type { ReliabilityResults } from "./report/reliability-results.ts";
import { figureRows, renderConsoleSummary } from "./report.ts";
import { measureProductionStart } from "./start/measure-start.ts";

const DOC_PATH = join(ROOT_DIR, "docs/reliability.md");
/** Every section's last outcome: a run of some sections keeps the others' figures. */
const RESULTS_PATH = join(ROOT_DIR, "docs/reliability.json");
/** Bumped when a section's figures change shape: older kept figures are then not reused. */
const RESULTS_FORMAT = 3;
const config = readReliabilityConfig(process.env);
const postgresUrl = readPostgresUrl(process.env);
const started = Date.now();
const log = (message: string) =>
  console.log(`[reliability +${Math.round((Date.now() - started) / 1000)}s] ${message}`);

async function attempt<T>(
  section: ReliabilitySection,
  run: () => Promise<T> | T,
  label: string = section,
): Promise<Outcome<T> | undefined> {
  if (!config.sections.includes(section)) return undefined;
  log(`${label}…`);
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`${label} failed: ${message}`);
    return { ok: false, error: message };
  }
}

/** The section on SQLite, then on PostgreSQL (a database of its own) when a server is named. */
async function attemptOnEngines<T>(
  section: ReliabilitySection,
  run: (engine: Engine) => Promise<T>,
): Promise<PerEngine<T> | undefined> {
  if (!config.sections.includes(section)) return undefined;
  const outcomes: PerEngine<T> = {};
  for (const name of enginesFor(postgresUrl)) {
    outcomes[name] = await attempt(
      section,
      () => withEngine(name, postgresUrl, run),
      `${section} on ${ENGINE_LABELS[name]}`,
    );
  }
  return outcomes;
}

function ensureSiteBuilt(): void {
  if (existsSync(join(SITE_DIST_CLIENT, "index.html"))) return;
  log("apps/site/dist is missing: npm run build");
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT_DIR, stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build failed");
}

const results: ReliabilityResults = {
  format: RESULTS_FORMAT,
  startedAt: new Date(started).toISOString(),
  durationSeconds: 0,
  config,
  machine: describeMachine(),
};
results.permissions = await attemptOnEngines("permissions", async (engine) =>
  summarizeMatrix(await runPermissionMatrix({ engine }), CALLER_KINDS, PERMISSION_SETTINGS),
);
results.fuzz = await attemptOnEngines("fuzz", (engine) =>
  runFuzz({ requests: config.fuzzRequests, seed: config.fuzzSeed, engine }),
);
results.crash = await attemptOnEngines("crash", (engine) =>
  runCrashRounds({ kills: config.kills, seed: config.crashSeed, engine }),
);
results.sync = await attempt("sync", () => measureSyncCost(config.syncSeconds));
results.backup = await attempt("backup", () => measureBackup(config.backupItems));
if (config.sections.includes("load") || config.sections.includes("start")) ensureSiteBuilt();
results.start = await attempt("start", () => measureProductionStart(config.startRuns));
results.load = await attempt("load", () =>
  runReliabilityLoad({
    connections: config.loadConnections,
    durationSeconds: config.loadSeconds,
    floodSeconds: config.floodSeconds,
  }),
);
results.audit = await attempt("audit", () => runAudit());
results.durationSeconds = (Date.now() - started) / 1000;
if (existsSync(RESULTS_PATH)) {
  const previous = JSON.parse(await readFile(RESULTS_PATH, "utf8")) as ReliabilityResults;
  // The sections run now are this run's, whatever an earlier run had kept of them.
  results.earlier = Object.fromEntries(
    Object.entries(previous.earlier ?? {}).filter(
      ([section]) => !config.sections.includes(section as ReliabilitySection),
    ),
  );
  for (const section of RELIABILITY_SECTIONS) {
    if (config.sections.includes(section) || previous[section] === undefined) continue;
    // Kept only from runs whose figures have the current shape (same sizes file version).
    if (previous.format !== RESULTS_FORMAT) continue;
    Object.assign(results, { [section]: previous[section] });
    results.earlier[section] = previous.earlier?.[section] ?? previous.startedAt;
  }
}

const rows = figureRows(results);
console.log(`\n${renderConsoleSummary(rows)}\n`);
if (config.writeDoc) {
  await writeFile(RESULTS_PATH, `${JSON.stringify(results, null, 2)}\n`);
  // Formatted as the repo's linter wants it, so npm run lint stays clean after a run.
  spawnSync("npx", ["biome", "format", "--write", RESULTS_PATH], { cwd: ROOT_DIR });
  const previousDoc = existsSync(DOC_PATH) ? await readFile(DOC_PATH, "utf8") : "";
  await writeFile(
    DOC_PATH,
    renderReliabilityDoc(
      results,
      rows,
      extractReliabilityAnalysis(previousDoc),
      extractKeptPending(previousDoc),
    ),
  );
  log(`wrote ${DOC_PATH}`);
}
log(`done in ${Math.round(results.durationSeconds)} s`);
process.exit(rows.some((row) => row.met === false) ? 1 : 0);
