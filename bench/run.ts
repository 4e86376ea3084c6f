// `npm run bench`: every figure of docs/benchmarks.md beside its baseline, in one run.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { buildBarePage } from "./bare-page/build.ts";
import { findNginx, measureCdn } from "./cdn.ts";
import { readBenchConfig, type Section } from "./config.ts";
import { measureFootprint } from "./footprint.ts";
import { describeMachine } from "./lib/machine.ts";
import { BARE_PAGE_DIR, DOC_PATH, ROOT_DIR, SITE_DIR, SITE_DIST_CLIENT } from "./lib/paths.ts";
import { runLighthouse } from "./lighthouse.ts";
import { diskAssetReader, httpAssetReader } from "./page-weight/asset-readers.ts";
import { measureReactShare } from "./page-weight/react-split.ts";
import { beaconChunkGz, measurePageWeight } from "./page-weight.ts";
import { extractAnalysis, renderBenchmarksDoc } from "./report/benchmarks-doc.ts";
import { renderConsoleTable } from "./report/console-table.ts";
import { buildRows } from "./report/rows.ts";
import type { BenchResults, Outcome } from "./results.ts";
import { startBenchServer } from "./servers/start-bench-server.ts";
import { copySiteWithHtml } from "./servers/static-copy.ts";
import { type StoreServer, startStore } from "./servers/store.ts";
import { measureThroughput } from "./throughput.ts";
import { measureTopologies } from "./topologies.ts";
import { measureTtfb } from "./ttfb.ts";

const config = readBenchConfig(process.env);
const started = Date.now();
const log = (message: string) =>
  console.log(`[bench +${Math.round((Date.now() - started) / 1000)}s] ${message}`);

const watchdog = setTimeout(() => {
  console.error(`bench: abandoned after ${config.timeoutSeconds} s (BENCH_TIMEOUT_SECONDS)`);
  process.exit(1);
}, config.timeoutSeconds * 1000);
watchdog.unref();

const results: BenchResults = {
  startedAt: new Date(started).toISOString(),
  durationSeconds: 0,
  config,
  machine: describeMachine(),
  notes: [],
};

async function attempt<T>(section: string, run: () => Promise<T>): Promise<Outcome<T>> {
  log(`${section}…`);
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`${section} failed: ${message}`);
    return { ok: false, error: message };
  }
}

const wants = (section: Section) => config.sections.includes(section);

function ensureSiteBuilt(): void {
  if (existsSync(join(SITE_DIST_CLIENT, "index.html"))) return;
  log("apps/site/dist is missing: npm run build");
  const build = spawnSync("npm", ["run", "build"], { cwd: ROOT_DIR, stdio: "inherit" });
  if (build.status !== 0) throw new Error("npm run build failed");
}

const workDir = await mkdtemp(join(tmpdir(), "bench-"));
let store: StoreServer | undefined;
try {
  log("building the bare page");
  const bare = await buildBarePage();

  // First, before the bench starts its other servers: a store of its own, started and then read.
  if (wants("footprint")) {
    results.footprint = await attempt("footprint (idle memory, first answer)", () =>
      measureFootprint({ pageViews: config.footprintPageViews }),
    );
  }

  const needsStore = ["page-weight", "lighthouse", "ttfb", "throughput", "cdn"] as const;
  if (needsStore.some(wants)) {
    log("starting the store (node scripts/start.mjs)");
    try {
      store = await startStore();
    } catch (error) {
      const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
      results.notes.push(`The store could not start (${message}); its figures are missing.`);
      log(`store failed to start: ${message}`);
    }
  }
  const storeUrl = store?.baseUrl;

  if (wants("page-weight")) {
    results.pageWeight = await attempt("page weight", async () => {
      ensureSiteBuilt();
      const siteHtml = storeUrl
        ? await (await fetch(`${storeUrl}/`)).text()
        : await readFile(join(SITE_DIST_CLIENT, "index.html"), "utf8");
      const reader = storeUrl ? httpAssetReader(storeUrl) : diskAssetReader(SITE_DIST_CLIENT);
      const siteShare = await measureReactShare({
        root: SITE_DIR,
        configFile: join(SITE_DIR, "vite.config.ts"),
      });
      const bareShare = await measureReactShare({
        root: BARE_PAGE_DIR,
        configFile: false,
        plugins: [react()],
      });
      const bareHtml = await readFile(join(bare.distDir, "index.html"), "utf8");
      const bookingShare = await measureReactShare({
        root: SITE_DIR,
        configFile: false,
        plugins: [react(), tailwindcss()],
        input: "booking.html",
      });
      return {
        bookingNonReactGz: bookingShare.otherGz,
        ours: await measurePageWeight(siteHtml, reader, siteShare),
        bare: await measurePageWeight(bareHtml, diskAssetReader(bare.distDir), bareShare),
        oursSource: storeUrl
          ? "GET / from the running store"
          : "apps/site/dist/client/index.html (no SSR)",
        beaconGz: await beaconChunkGz(SITE_DIST_CLIENT),
      };
    });
    if (!storeUrl)
      results.notes.push("Page weight read the built template, not the server-rendered page.");
  }

  if (wants("lighthouse")) {
    results.lighthouse = await attempt("lighthouse", async () => {
      const servers = [await startBenchServer("bare-page", "./static-site.ts", [bare.distDir])];
      try {
        const urls = servers.map((server) => `${server.baseUrl}/`);
        if (storeUrl) {
          urls.push(`${storeUrl}/`);
          const html = await (await fetch(`${storeUrl}/`)).text();
          const copy = await copySiteWithHtml(SITE_DIST_CLIENT, join(workDir, "ours-static"), html);
          const server = await startBenchServer("ours-static", "./static-site.ts", [copy]);
          servers.push(server);
          urls.push(`${server.baseUrl}/`);
        }
        const [bareSummary, oursSummary, oursStatic] = await runLighthouse(
          urls,
          config.lighthouseRuns,
        );
        if (!bareSummary) throw new Error("no Lighthouse result for the bare page");
        // The dark theme on its own browser (set to dark), after the light runs.
        const [oursDark] = storeUrl
          ? await runLighthouse([`${storeUrl}/`], config.lighthouseRuns, "dark")
          : [];
        return { bare: bareSummary, ours: oursSummary, oursStatic, oursDark };
      } finally {
        for (const server of servers) await server.stop();
      }
    });
  }

  if (wants("ttfb") && storeUrl) {
    results.ttfb = await attempt("ttfb", () =>
      measureTtfb(`${storeUrl}/`, {
        requests: config.ttfbRequests,
        warmup: config.ttfbWarmup,
        maxSeconds: config.ttfbMaxSeconds,
      }),
    );
  }

  if (wants("throughput")) {
    results.throughput = await attempt("throughput", () =>
      measureThroughput(storeUrl, {
        connections: config.connections,
        durationSeconds: config.loadSeconds,
        warmupSeconds: config.loadWarmupSeconds,
        rounds: config.loadRounds,
        workDir,
      }),
    );
  }

  if (wants("cdn") && storeUrl) {
    if (findNginx() === null) {
      log("cdn: skipped, nginx is not installed");
      results.cdn = { ok: true, value: { skipped: "nginx is not installed" } };
    } else {
      results.cdn = await attempt("cdn (nginx in front of the store)", () =>
        measureCdn(storeUrl, {
          connections: config.connections,
          durationSeconds: config.loadSeconds,
          warmupSeconds: config.loadWarmupSeconds,
          rounds: config.loadRounds,
          workDir,
        }),
      );
    }
  }

  await store?.stop();
  store = undefined;

  const { databaseUrl } = config;
  const noPostgres = "no PostgreSQL server (set BENCH_DATABASE_URL or STORE_TEST_DATABASE_URL)";

  if (wants("topologies")) {
    if (databaseUrl === undefined) {
      log(`topologies: skipped, ${noPostgres}`);
      results.topologies = { ok: true, value: { skipped: noPostgres } };
    } else {
      results.topologies = await attempt("topologies (SQLite and PostgreSQL store nodes)", () =>
        measureTopologies(databaseUrl, {
          workloads: config.topologyWorkloads,
          connections: config.connections,
          durationSeconds: config.loadSeconds,
          warmupSeconds: config.loadWarmupSeconds,
          rounds: config.loadRounds,
          workDir,
        }),
      );
    }
  }

  if (wants("growth")) {
    const growthOptions = {
      sizes: config.growthSizes,
      maxQueries: config.growthMaxQueries,
      maxSecondsPerMeasure: config.growthMaxSecondsPerMeasure,
      maxGenerateSeconds: config.growthMaxGenerateSeconds,
      workDir,
    };
    results.growth = await attempt("growth", async () => {
      const { measureGrowth } = await import("./growth.ts");
      return measureGrowth(growthOptions);
    });
    if (databaseUrl === undefined) {
      log(`growth on PostgreSQL: skipped, ${noPostgres}`);
      results.growthPg = { ok: true, value: { unavailable: noPostgres } };
    } else {
      results.growthPg = await attempt("growth on PostgreSQL", async () => {
        const { measurePgGrowth } = await import("./growth.ts");
        return measurePgGrowth(databaseUrl, growthOptions);
      });
    }
  }
  if (wants("booking-create")) {
    results.bookingCreate = await attempt("booking: concurrent createBooking calls", async () => {
      const { measureBookingCreate } = await import("./booking-create.ts");
      return measureBookingCreate({ rounds: config.quick ? 3 : 10, workDir, databaseUrl });
    });
  }
  if (wants("analytics")) {
    results.analytics = await attempt("analytics: beacons and the dashboard", async () => {
      const { measureAnalytics } = await import("./analytics.ts");
      const size = config.quick ? { seconds: 5, events: 100_000 } : {};
      return measureAnalytics({ ...size, ...(databaseUrl === undefined ? {} : { databaseUrl }) });
    });
  }
  if (wants("booking-feed")) {
    results.bookingFeed = await attempt(
      "booking: time slots with the owner's calendar feed",
      async () => {
        const { measureBookingFeed } = await import("./booking-feed.ts");
        return measureBookingFeed(config.quick ? 50 : 200);
      },
    );
  }
} finally {
  await store?.stop();
  await rm(workDir, { recursive: true, force: true });
}

results.durationSeconds = (Date.now() - started) / 1000;
const rows = buildRows(results);
console.log(`\n${renderConsoleTable(rows)}\n`);
for (const note of results.notes) console.log(`note: ${note}`);

if (config.jsonPath) await writeFile(config.jsonPath, `${JSON.stringify(results, null, 2)}\n`);
if (config.writeDoc) {
  const previous = existsSync(DOC_PATH) ? await readFile(DOC_PATH, "utf8") : "";
  await writeFile(DOC_PATH, renderBenchmarksDoc(results, rows, extractAnalysis(previous)));
  log(`wrote ${DOC_PATH}`);
}
log(`done in ${Math.round(results.durationSeconds)} s`);
process.exit(rows.some((row) => row.status === "error") ? 1 : 0);
