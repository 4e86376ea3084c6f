import { rm } from "node:fs/promises";
import { join } from "node:path";
import { openPgGrowthStore } from "./growth/pg-store-adapter.ts";
import { type GrowthStore, openGrowthStore, type QueryRunner } from "./growth/store-adapter.ts";
import {
  GROWTH_DECLARED_FIELDS,
  type GrowthQueryName,
  growthQueries,
  makeGrowthItem,
} from "./growth/workload.ts";
import { median } from "./lib/stats.ts";

const WARMUP_QUERIES = 3;
const MIN_SAMPLES = 3;
const SLOW_QUERY_MS = 50;
// Enough runs of the whole request path on a small collection for V8 to optimise it before the
// first figure is taken; otherwise the first measured mode looks slower than the second.
const PATH_WARMUP_QUERIES = 200;

export interface GrowthOptions {
  sizes: number[];
  /** Upper bound of timed queries per size, query and mode. */
  maxQueries: number;
  /** Upper bound of time per size, query and mode (the two modes alternate). */
  maxSecondsPerMeasure: number;
  /** A size whose generation would take longer (by the rate seen so far) is skipped. */
  maxGenerateSeconds: number;
  workDir: string;
}

export interface GrowthMeasure {
  medianMs: number;
  samples: number;
  plan: string;
}

export interface GrowthRow {
  size: number;
  query: GrowthQueryName;
  items: number;
  indexed: GrowthMeasure;
  /** The same query, same moment, on a connection without the declared-field indexes. */
  scan: GrowthMeasure;
}

export interface GrowthResult {
  rows: GrowthRow[];
  /** Indexes on `items` beyond the base schema: the ones the scan baseline goes without. */
  extraIndexes: string[];
  generated: { size: number; seconds: number }[];
  skipped: { size: number; reason: string }[];
}

const collectionOf = (size: number) => `Growth${size}`;

async function warmUp(runner: QueryRunner, body: unknown): Promise<void> {
  for (let i = 0; i < WARMUP_QUERIES; i += 1) {
    // One warm-up is enough for a query slow enough that JIT and cache effects are noise.
    if ((await runner.query(body)).ms > SLOW_QUERY_MS) break;
  }
}

/** Alternates the two runners query by query, so drift on the machine hits both alike. */
async function measurePair(
  indexed: QueryRunner,
  scan: QueryRunner,
  body: unknown,
  options: GrowthOptions,
) {
  await warmUp(indexed, body);
  await warmUp(scan, body);
  const times = { indexed: [] as number[], scan: [] as number[] };
  let items = 0;
  const deadline = Date.now() + 2 * options.maxSecondsPerMeasure * 1000;
  while (
    times.indexed.length < options.maxQueries &&
    (times.indexed.length < MIN_SAMPLES || Date.now() < deadline)
  ) {
    const timing = await indexed.query(body);
    times.indexed.push(timing.ms);
    items = timing.items;
    times.scan.push((await scan.query(body)).ms);
  }
  const measure = (runner: QueryRunner, values: number[]): GrowthMeasure => ({
    medianMs: median(values),
    samples: values.length,
    plan: runner.lastPlan(),
  });
  return { items, indexed: measure(indexed, times.indexed), scan: measure(scan, times.scan) };
}

/**
 * One collection per size in one database, generated as the store's own insert writes items;
 * each query's median latency through the store's app as the store indexes it, beside the same
 * query on a second connection that does without the declared-field indexes (a scan), query by
 * query. Each size is measured right after it is generated, so on PostgreSQL, whose scan reads
 * the whole table, the scan grows with the data as it does on SQLite.
 */
export async function measureGrowthOn(
  store: GrowthStore,
  options: GrowthOptions,
): Promise<GrowthResult> {
  const result: GrowthResult = { rows: [], extraIndexes: [], generated: [], skipped: [] };
  let secondsPerItem = 0;
  let warmedUp = false;
  for (const size of options.sizes) {
    const estimate = size * secondsPerItem;
    if (estimate > options.maxGenerateSeconds) {
      result.skipped.push({ size, reason: `generation would take ~${Math.round(estimate)} s` });
      continue;
    }
    const started = Date.now();
    store.createCollection(collectionOf(size), GROWTH_DECLARED_FIELDS);
    store.insertItems(collectionOf(size), size, (i) => makeGrowthItem(size, i));
    const seconds = (Date.now() - started) / 1000;
    secondsPerItem = Math.max(secondsPerItem, seconds / size);
    result.generated.push({ size, seconds });
    store.settle();
    result.extraIndexes = store.extraIndexes();
    const scan = await store.openScanTwin();
    try {
      const bodies = Object.entries(growthQueries(collectionOf(size), size));
      if (!warmedUp) {
        for (let i = 0; i < PATH_WARMUP_QUERIES; i += 1) {
          const [, body] = bodies[i % bodies.length] ?? [];
          await store.query(body);
          await scan.query(body);
        }
        warmedUp = true;
      }
      for (const [query, body] of bodies) {
        const pair = await measurePair(store, scan, body, options);
        result.rows.push({ size, query: query as GrowthQueryName, ...pair });
      }
    } finally {
      await scan.close();
    }
  }
  return result;
}

/** The growth section on SQLite: one temporary file in the work directory. */
export async function measureGrowth(options: GrowthOptions): Promise<GrowthResult> {
  const file = join(options.workDir, "growth.db");
  const store = await openGrowthStore(file);
  try {
    return await measureGrowthOn(store, options);
  } finally {
    await store.close();
    for (const suffix of ["", "-wal", "-shm"]) await rm(`${file}${suffix}`, { force: true });
  }
}

/** The growth section on PostgreSQL: a fresh schema in the database at `url`, dropped after. */
export async function measurePgGrowth(url: string, options: GrowthOptions): Promise<GrowthResult> {
  const store = await openPgGrowthStore(url);
  try {
    return await measureGrowthOn(store, options);
  } finally {
    await store.close();
  }
}
