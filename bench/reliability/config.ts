/**
 * @module `npm run bench:reliability` sizes from the environment: the full sizes by default,
 * RELIABILITY_QUICK=1 for a smoke run, each size overridable.
 */
import { DEFAULT_SEED } from "./fuzz/fuzz-size.ts";

export const RELIABILITY_SECTIONS = [
  "permissions",
  "fuzz",
  "crash",
  "sync",
  "backup",
  "load",
  "start",
  "audit",
] as const;
export type ReliabilitySection = (typeof RELIABILITY_SECTIONS)[number];

export type ReliabilityConfig = {
  quick: boolean;
  sections: ReliabilitySection[];
  kills: number;
  crashSeed: number;
  fuzzRequests: number;
  fuzzSeed: number;
  syncSeconds: number;
  backupItems: number;
  loadConnections: number;
  loadSeconds: number;
  /** The sign-in flood after the load: its length (48 callers over 256 addresses). */
  floodSeconds: number;
  startRuns: number;
  writeDoc: boolean;
};

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === "") return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got "${text}"`);
  return value;
}

/** Reads RELIABILITY_QUICK, RELIABILITY_SECTIONS (comma-separated) and the size variables. */
export function readReliabilityConfig(env: NodeJS.ProcessEnv): ReliabilityConfig {
  const quick = env.RELIABILITY_QUICK === "1";
  const wanted = env.RELIABILITY_SECTIONS?.split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const unknown =
    wanted?.filter((name) => !(RELIABILITY_SECTIONS as readonly string[]).includes(name)) ?? [];
  if (unknown.length > 0) throw new Error(`unknown RELIABILITY_SECTIONS: ${unknown.join(", ")}`);
  return {
    quick,
    sections: (wanted as ReliabilitySection[] | undefined) ?? [...RELIABILITY_SECTIONS],
    kills: positive(env, "CRASH_KILLS", quick ? 5 : 100),
    crashSeed: positive(env, "CRASH_SEED", DEFAULT_SEED),
    fuzzRequests: positive(env, "FUZZ_REQUESTS", quick ? 1_500 : 10_000),
    fuzzSeed: positive(env, "FUZZ_SEED", DEFAULT_SEED),
    syncSeconds: positive(env, "SYNC_SECONDS", quick ? 1 : 5),
    backupItems: positive(env, "BACKUP_ITEMS", quick ? 1_000 : 20_000),
    loadConnections: positive(env, "LOAD_CONNECTIONS", quick ? 16 : 256),
    loadSeconds: positive(env, "LOAD_SECONDS", quick ? 5 : 60),
    floodSeconds: positive(env, "FLOOD_SECONDS", quick ? 2 : 4),
    startRuns: positive(env, "START_RUNS", quick ? 1 : 3),
    writeDoc: env.RELIABILITY_WRITE_DOC !== "0",
  };
}
