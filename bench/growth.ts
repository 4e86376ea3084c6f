import { rm } from "node:fs/promises";
import { join } from "node:path";
import { type GrowthStore, openGrowthStore } from "./growth/store-adapter.ts";
import { type GrowthQueryName, growthQueries, makeGrowthItem } from "./growth/workload.ts";
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
  /** Upper bound of time per size, query and mode. */
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
  /** The same query after dropping every index the store made for declared fields. */
  scan: GrowthMeasure;
}

export interface GrowthResult {
  rows: GrowthRow[];
  /** Indexes on `items` beyond the base schema, found before the scan baseline dropped them. */
  extraIndexes: string[];
  generated: { size: number; seconds: number }[];
  skipped: { size: number; reason: string }[];
}

const collectionOf = (size: number) => `Growth${size}`;

async function measure(store: GrowthStore, body: unknown, options: GrowthOptions) {
  for (let i = 0; i < WARMUP_QUERIES; i += 1) {
    // One warm-up is enough for a query slow enough that JIT and cache effects are noise.
    if ((await store.query(body)).ms > SLOW_QUERY_MS) break;
  }
  const times: number[] = [];
  let items = 0;
  const deadline = Date.now() + options.maxSecondsPerMeasure * 1000;
  while (
    times.length < options.maxQueries &&
    (times.length < MIN_SAMPLES || Date.now() < deadline)
  ) {
    const timing = await store.query(body);
    times.push(timing.ms);
    items = timing.items;
  }
  return {
    items,
    measure: { medianMs: median(times), samples: times.length, plan: store.lastPlan() },
  };
}

/**
 * Collections of each size in one SQLite file, generated through the store's own insert; each
 * query's median latency through the store's app, first as the store indexes it, then (same run)
 * with the declared-field indexes dropped, which leaves a scan of the collection.
 */
export async function measureGrowth(options: GrowthOptions): Promise<GrowthResult> {
  const file = join(options.workDir, "growth.db");
  const store = await openGrowthStore(file);
  const result: GrowthResult = { rows: [], extraIndexes: [], generated: [], skipped: [] };
  try {
    let secondsPerItem = 0;
    const sizes: number[] = [];
    for (const size of options.sizes) {
      const estimate = size * secondsPerItem;
      if (estimate > options.maxGenerateSeconds) {
        result.skipped.push({ size, reason: `generation would take ~${Math.round(estimate)} s` });
        continue;
      }
      const started = Date.now();
      store.createCollection(collectionOf(size));
      store.insertItems(collectionOf(size), size, (i) => makeGrowthItem(size, i));
      const seconds = (Date.now() - started) / 1000;
      secondsPerItem = Math.max(secondsPerItem, seconds / size);
      result.generated.push({ size, seconds });
      sizes.push(size);
    }
    store.settle();
    const smallest = sizes[0];
    if (smallest !== undefined) {
      const bodies = Object.values(growthQueries(collectionOf(smallest), smallest));
      for (let i = 0; i < PATH_WARMUP_QUERIES; i += 1) await store.query(bodies[i % bodies.length]);
    }
    const indexed = new Map<string, { items: number; measure: GrowthMeasure }>();
    for (const size of sizes) {
      for (const [query, body] of Object.entries(growthQueries(collectionOf(size), size))) {
        indexed.set(`${size}/${query}`, await measure(store, body, options));
      }
    }
    result.extraIndexes = store.extraIndexes();
    store.dropExtraIndexes();
    store.settle();
    for (const size of sizes) {
      for (const [query, body] of Object.entries(growthQueries(collectionOf(size), size))) {
        const first = indexed.get(`${size}/${query}`);
        const scan = await measure(store, body, options);
        if (!first) continue;
        result.rows.push({
          size,
          query: query as GrowthQueryName,
          items: first.items,
          indexed: first.measure,
          scan: scan.measure,
        });
      }
    }
    return result;
  } finally {
    await store.close();
    await rm(file, { force: true });
    await rm(`${file}-wal`, { force: true });
    await rm(`${file}-shm`, { force: true });
  }
}
