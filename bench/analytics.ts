/**
 * @module The analytics wing's figures (docs/analytics.md): beacons taken per second by one
 * store node on a SQLite file, run as `npm start` runs it (its p50 and p99, at the most and at
 * the goal's steady rate), beside a bare Node handler that reads the same beacon and answers
 * 204, in the same run, and by a node on PostgreSQL (in this process, a fresh schema, dropped
 * after) when a server is named; and the owner's dashboard figures (a 30-day and a
 * 365-day report, the live view, the daily CSV) over 1,000,000 stored events, counted through
 * the same roll-ups the beacons feed.
 */

import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  type CountedEvent,
  createAnalyticsReader,
  createAnalyticsStore,
  createApp,
  type Db,
  openDb,
  openPgDb,
  quoteName,
  resolveRange,
  storeBatch,
} from "../apps/store/src/main/testing.ts";
import type { LoadRequest, LoadResult } from "./load/load-spec.ts";
import { runLoad } from "./load/run-load.ts";
import { startStore } from "./servers/store.ts";

export type AnalyticsResult = {
  connections: number;
  seconds: number;
  bare: LoadResult;
  /** As many beacons as the node answers (50 connections, closed loop): its most. */
  store: LoadResult;
  /**
   * Beacons offered at the goal's rate (INGEST_GOAL_PER_SECOND): the p99 at that rate, the run
   * of median p99 of STEADY_RUNS (each run's p99 in `atGoalRateP99s`).
   */
  atGoalRate: LoadResult;
  atGoalRateP99s: number[];
  /** Beacons refused or lost in all those runs together. */
  atGoalRateFailures: number;
  /** WARM_UP_SECONDS at that rate before the runs, after the store was quiet. */
  warmUp: LoadResult;
  /** The bare handler at that rate, run before each of ours: what the sending itself adds. */
  bareAtGoalRate: LoadResult;
  bareAtGoalRateP99s: number[];
  /** The same load on a node whose database is PostgreSQL; a reason when none was named. */
  pg: LoadResult | { skipped: string };
  storedEvents: number;
  dashboard: { events: number; figure: string; p50Ms: number; maxMs: number }[];
};

const DAY = 86_400_000;

/** The goals of docs/analytics.md: beacons one SQLite node takes, at this p99 or under. */
export const INGEST_GOAL_PER_SECOND = 5_000;
export const INGEST_P99_GOAL_MS = 10;

/**
 * Steady runs at the goal's rate, and as many of the bare handler's: on a machine of two cores
 * one run's p99 follows whatever else ran in its seconds, so the figure is the median run's.
 */
export const STEADY_RUNS = 3;
/** The steady load's warm-up before its runs, after the store has been quiet QUIET_SECONDS. */
export const WARM_UP_SECONDS = 5;
const QUIET_SECONDS = 10;

/** The run whose p99 is the median of `runs`. */
function medianRun(runs: LoadResult[]): LoadResult {
  const sorted = [...runs].sort((a, b) => a.p99Ms - b.p99Ms);
  return sorted[Math.floor(sorted.length / 2)] as LoadResult;
}

/** Beacons of 40 visitors (40 browsers), round-robin. */
function beacons(): LoadRequest[] {
  return Array.from({ length: 40 }, (_, index) => ({
    method: "POST" as const,
    path: "/a/e",
    headers: {
      "content-type": "text/plain;charset=UTF-8",
      "sec-fetch-site": "same-origin",
      "user-agent": `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${90 + index}.0.0.0 Safari/537.36`,
    },
    body: JSON.stringify({
      k: "v",
      p: "/?utm_source=newsletter",
      r: "https://www.linkedin.com/",
      z: "Europe/Berlin",
      g: "en-GB",
    }),
  }));
}

type StoreLoadSpec = { connections: number; seconds: number; rate?: number };

/** The beacons of 40 browsers sent to `url` as `spec` says. */
function beaconLoad(url: string, spec: StoreLoadSpec): Promise<LoadResult> {
  return runLoad({
    url,
    connections: spec.connections,
    durationSeconds: spec.seconds,
    requests: beacons(),
    ...(spec.rate === undefined ? {} : { overallRate: spec.rate }),
  });
}

async function listen(server: import("node:http").Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address() as { port: number };
  return `http://127.0.0.1:${address.port}`;
}

async function bareHandler(spec: StoreLoadSpec): Promise<LoadResult> {
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => {
      body += chunk;
    });
    request.on("end", () => {
      JSON.parse(body);
      response.writeHead(204).end();
    });
  });
  const url = await listen(server);
  try {
    return await beaconLoad(url, spec);
  } finally {
    server.close();
  }
}

/** A day's worth of events for the seed: views, ends of views and a few conversions. */
function seedEvent(index: number, start: number): CountedEvent {
  const at = start + (index % 365) * DAY + (index % 86_400) * 1000;
  const day = new Date(at).toISOString().slice(0, 10);
  const kinds = ["view", "view", "view", "leave", "leave", "bookingLinkClicked"] as const;
  return {
    at,
    day,
    hour: `${day}T${new Date(at).toISOString().slice(11, 13)}:00`,
    kind: kinds[index % kinds.length] as CountedEvent["kind"],
    visitor: `v${index % 2_000}`,
    path: "/",
    referrer: ["", "linkedin.com", "google.com"][index % 3] as string,
    utmSource: index % 7 === 0 ? "newsletter" : "",
    utmMedium: "",
    utmCampaign: "",
    device: index % 4 === 0 ? "mobile" : "desktop",
    browser: ["Chrome", "Firefox", "Safari"][index % 3] as string,
    language: ["en", "de", "fr"][index % 3] as string,
    timeZone: "Europe/Berlin",
    sections: index % 2 === 0 ? ["home", "about"] : ["home"],
    scroll: 60,
    seconds: 40,
  };
}

function timed(run: () => unknown, samples: number): { p50Ms: number; maxMs: number } {
  const times: number[] = [];
  for (let sample = 0; sample < samples; sample++) {
    const started = performance.now();
    run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50Ms: times[Math.floor(times.length / 2)] as number, maxMs: times.at(-1) as number };
}

/**
 * A store node in this process on `db` (PostgreSQL's row), loaded with beacons (at `rate` a
 * second in all, else as fast as it answers).
 */
async function storeLoad(db: Db, spec: StoreLoadSpec) {
  const app = createApp({
    db,
    config: { clientId: "bench", signingKey: new Uint8Array(32).fill(5) },
    // The load comes from one address: the flood gate is set past it.
    beacons: { perMinute: 1_000_000 },
  });
  await app.ready();
  try {
    const url = await listen(app.server);
    return await beaconLoad(url, spec);
  } finally {
    await app.close();
  }
}

async function pgLoad(
  databaseUrl: string | undefined,
  spec: { connections: number; seconds: number },
): Promise<LoadResult | { skipped: string }> {
  if (databaseUrl === undefined) return { skipped: "no PostgreSQL server" };
  const schema = `bench_analytics_${process.pid}_${randomBytes(4).toString("hex")}`;
  const db = openPgDb({ url: databaseUrl, schema, applicationName: "bench-analytics" });
  try {
    return await storeLoad(db, spec);
  } finally {
    db.exec(`DROP SCHEMA IF EXISTS ${quoteName(schema)} CASCADE`);
    db.close();
  }
}

export async function measureAnalytics(
  options: { connections?: number; seconds?: number; events?: number; databaseUrl?: string } = {},
): Promise<AnalyticsResult> {
  const connections = options.connections ?? 50;
  const seconds = options.seconds ?? 10;
  const events = options.events ?? 1_000_000;
  const workDir = await mkdtemp(join(tmpdir(), "analytics-bench-"));
  try {
    const bare = await bareHandler({ connections, seconds });
    // The SQLite node is the store as `npm start` runs it (its own process, node flags and
    // bundle), on a data folder of its own; the load comes from one address, so the flood
    // gate is set past it.
    const dataDir = join(workDir, "data");
    await mkdir(dataDir);
    const node = await startStore({
      dataDir,
      env: { ANALYTICS_BEACONS_PER_MINUTE: "1000000", LOG_LEVEL: "warn" },
      name: "analytics-store",
    });
    const steady = { connections, seconds, rate: INGEST_GOAL_PER_SECOND };
    const bareRuns: LoadResult[] = [];
    for (let run = 0; run < STEADY_RUNS; run++) bareRuns.push(await bareHandler(steady));
    const storeRuns: LoadResult[] = [];
    let store: LoadResult;
    let warmUp: LoadResult;
    try {
      store = await beaconLoad(node.baseUrl, { connections, seconds });
      // The goal is a sustained rate: its runs follow one another after a warm-up at the rate,
      // whose p99 (the first seconds after a quiet spell) is shown apart.
      await sleep(QUIET_SECONDS * 1000);
      warmUp = await beaconLoad(node.baseUrl, { ...steady, seconds: WARM_UP_SECONDS });
      for (let run = 0; run < STEADY_RUNS; run++) {
        storeRuns.push(await beaconLoad(node.baseUrl, steady));
      }
    } finally {
      await node.stop();
    }
    const pg = await pgLoad(options.databaseUrl, { connections, seconds });
    const db = openDb(join(dataDir, "store.db"));
    const storedEvents = Number(
      (db.prepare("SELECT COUNT(*) AS n FROM analytics_events").get() as { n: number }).n,
    );

    // The dashboard over `events` events, stored and rolled up as beacons are (by batches).
    const tables = createAnalyticsStore(db);
    db.exec("DELETE FROM analytics_events");
    const start = Date.parse("2025-01-01T00:00:00Z");
    for (let first = 0; first < events; first += 5_000) {
      const batch = Array.from({ length: Math.min(5_000, events - first) }, (_, index) =>
        seedEvent(first + index, start),
      );
      storeBatch(tables, batch);
    }
    const now = start + 364 * DAY + 12 * 3_600_000;
    const figures = createAnalyticsReader(tables, () => now);
    const dashboard = [
      ["report, 30 days", () => figures.report(resolveRange({ range: "30d" }, now, "UTC"), "UTC")],
      [
        "report, 365 days",
        () => figures.report(resolveRange({ range: "365d" }, now, "UTC"), "UTC"),
      ],
      ["live, last 30 minutes", () => figures.live()],
      ["daily CSV, 365 days", () => figures.dailyCsv(resolveRange({ range: "365d" }, now, "UTC"))],
    ] as const;
    const result = dashboard.map(([figure, run]) => ({ events, figure, ...timed(run, 20) }));
    db.close();
    return {
      connections,
      seconds,
      bare,
      store,
      atGoalRate: medianRun(storeRuns),
      atGoalRateP99s: storeRuns.map((run) => run.p99Ms),
      atGoalRateFailures: storeRuns.reduce((sum, run) => sum + run.failures, 0),
      warmUp,
      bareAtGoalRate: medianRun(bareRuns),
      bareAtGoalRateP99s: bareRuns.map((run) => run.p99Ms),
      pg,
      storedEvents,
      dashboard: result,
    };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
