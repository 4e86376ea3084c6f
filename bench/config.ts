import { WORKLOADS, type Workload } from "./topologies.ts";

export const SECTIONS = [
  "page-weight",
  "lighthouse",
  "ttfb",
  "throughput",
  "footprint",
  "cdn",
  "topologies",
  "growth",
  "booking-feed",
  "booking-create",
  "analytics",
] as const;
export type Section = (typeof SECTIONS)[number];

export interface BenchConfig {
  quick: boolean;
  sections: Section[];
  lighthouseRuns: number;
  ttfbRequests: number;
  ttfbWarmup: number;
  ttfbMaxSeconds: number;
  connections: number;
  loadSeconds: number;
  loadWarmupSeconds: number;
  loadRounds: number;
  /** The footprint section: page views before the idle store's memory is read. */
  footprintPageViews: number;
  growthSizes: number[];
  growthMaxQueries: number;
  growthMaxSecondsPerMeasure: number;
  growthMaxGenerateSeconds: number;
  /** The PostgreSQL server for the PostgreSQL figures (growth, topologies); unset skips them. */
  databaseUrl: string | undefined;
  /** BENCH_TOPOLOGY_WORKLOADS: the topologies section's workloads (default all). */
  topologyWorkloads: Workload[];
  /** Whether to rewrite docs/benchmarks.md with this run's table. */
  writeDoc: boolean;
  /** Optional path for the raw results as JSON. */
  jsonPath: string | undefined;
  /** The whole run is abandoned after this long. */
  timeoutSeconds: number;
}

type Env = Record<string, string | undefined>;

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  return !["0", "false", "no", "off"].includes(raw);
}

function sizes(env: Env, fallback: number[]): number[] {
  const raw = env.BENCH_GROWTH_SIZES;
  if (raw === undefined || raw.trim() === "") return fallback;
  return raw.split(",").map((part) => {
    const value = Number(part.trim().replace(/k$/i, "000").replace(/m$/i, "000000"));
    if (!Number.isInteger(value) || value <= 0)
      throw new Error(`BENCH_GROWTH_SIZES: bad size "${part}"`);
    return value;
  });
}

function topologyWorkloads(env: Env): Workload[] {
  const raw = env.BENCH_TOPOLOGY_WORKLOADS;
  if (raw === undefined || raw.trim() === "") return [...WORKLOADS];
  return raw.split(",").map((part) => {
    const name = part.trim();
    if (!(WORKLOADS as readonly string[]).includes(name)) {
      throw new Error(
        `BENCH_TOPOLOGY_WORKLOADS: unknown workload "${name}" (known: ${WORKLOADS.join(", ")})`,
      );
    }
    return name as Workload;
  });
}

function sections(env: Env): Section[] {
  const raw = env.BENCH_ONLY;
  if (raw === undefined || raw.trim() === "") return [...SECTIONS];
  return raw.split(",").map((part) => {
    const name = part.trim();
    if (!(SECTIONS as readonly string[]).includes(name)) {
      throw new Error(`BENCH_ONLY: unknown section "${name}" (known: ${SECTIONS.join(", ")})`);
    }
    return name as Section;
  });
}

/**
 * The PostgreSQL server the bench's PostgreSQL figures run on: BENCH_DATABASE_URL, else the
 * store's test server (STORE_TEST_DATABASE_URL); undefined skips them.
 */
export function benchDatabaseUrl(env: Env): string | undefined {
  return env.BENCH_DATABASE_URL?.trim() || env.STORE_TEST_DATABASE_URL?.trim() || undefined;
}

/** Reads the BENCH_* variables; BENCH_QUICK=1 shrinks every default for a one-minute smoke run. */
export function readBenchConfig(env: Env): BenchConfig {
  const quick = flag(env, "BENCH_QUICK", false);
  return {
    quick,
    sections: sections(env),
    lighthouseRuns: positiveNumber(env, "BENCH_LH_RUNS", quick ? 1 : 3),
    ttfbRequests: positiveNumber(env, "BENCH_TTFB_REQUESTS", quick ? 200 : 2_000),
    ttfbWarmup: positiveNumber(env, "BENCH_TTFB_WARMUP", quick ? 20 : 100),
    ttfbMaxSeconds: positiveNumber(env, "BENCH_TTFB_MAX_SECONDS", quick ? 10 : 60),
    connections: positiveNumber(env, "BENCH_CONNECTIONS", 64),
    loadSeconds: positiveNumber(env, "BENCH_LOAD_SECONDS", quick ? 3 : 10),
    loadWarmupSeconds: positiveNumber(env, "BENCH_LOAD_WARMUP_SECONDS", quick ? 1 : 3),
    loadRounds: positiveNumber(env, "BENCH_LOAD_ROUNDS", quick ? 1 : 3),
    footprintPageViews: positiveNumber(env, "BENCH_FOOTPRINT_PAGE_VIEWS", 100),
    growthSizes: sizes(env, quick ? [1_000, 10_000, 100_000] : [1_000, 10_000, 100_000, 1_000_000]),
    growthMaxQueries: positiveNumber(env, "BENCH_GROWTH_QUERIES", quick ? 20 : 100),
    growthMaxSecondsPerMeasure: positiveNumber(env, "BENCH_GROWTH_MAX_SECONDS", quick ? 1 : 4),
    growthMaxGenerateSeconds: positiveNumber(
      env,
      "BENCH_GROWTH_MAX_GENERATE_SECONDS",
      quick ? 20 : 300,
    ),
    databaseUrl: benchDatabaseUrl(env),
    topologyWorkloads: topologyWorkloads(env),
    writeDoc: flag(env, "BENCH_WRITE_DOC", !quick),
    jsonPath: env.BENCH_JSON?.trim() || undefined,
    timeoutSeconds: positiveNumber(env, "BENCH_TIMEOUT_SECONDS", quick ? 420 : 2_400),
  };
}
