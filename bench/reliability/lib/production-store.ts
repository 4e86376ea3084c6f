/**
 * @module The store as `npm start` runs it (`node scripts/start.mjs`), on a prepared DATA_DIR
 * (owner password and API key known to the bench), timed from spawn to its first answer.
 */
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  createAccessStore,
  createApiKeys,
  createOwnerCredentials,
  withStoreDb,
} from "../../../apps/store/src/main/testing.ts";
import { type Child, startChild } from "../../lib/child.ts";
import { freePort } from "../../lib/free-port.ts";
import { npmStartArgs } from "../../lib/npm-start.ts";
import { ownerPasswordHash } from "./reliability-store.ts";

/** The production start: node's arguments in `npm start`, from the repository's root. */
export const PRODUCTION_START = npmStartArgs();
const READY_TIMEOUT_MS = 180_000;
const POLL_MS = 10;

export type ProductionStore = {
  baseUrl: string;
  apiKey: string;
  child: Child;
  /** From spawn to the first 200 on `/`. */
  startToFirstAnswerMs: number;
  /** Resident memory of the store process now, in MB (Linux /proc). */
  rssMb: () => number;
  /** The same split into private memory and pages mapped from files (node's own executable). */
  memoryMb: () => MemoryMb;
  /** CPU time the store process has used so far, user and system, in ms. */
  cpuMs: () => number;
  stop: () => Promise<void>;
};

/** Resident set size of a process in MB, from /proc/<pid>/status. */
export function rssMbOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

export type MemoryMb = { rss: number; anonymous: number; fileBacked: number };

/**
 * Resident memory split as /proc/<pid>/smaps_rollup counts it: anonymous pages are the
 * process's own; file-backed ones are node's executable and libraries read from disk, shared
 * with every node process and dropped first when memory is short.
 */
export function memoryMbOf(pid: number): MemoryMb {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(text)?.[1]);
  const rss = kb("Rss") / 1024;
  const anonymous = kb("Anonymous") / 1024;
  return { rss, anonymous, fileBacked: rss - anonymous };
}

/** User and system CPU time of a process in ms, from /proc/<pid>/stat (clock ticks of 10 ms). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // utime and stime are fields 14 and 15 of stat; 12 and 13 after the command's ") ".
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts the production entry on a fresh DATA_DIR with the owner password set. */
export async function startProductionStore(
  env: Record<string, string> = {},
): Promise<ProductionStore> {
  const dataDir = await mkdtemp(join(tmpdir(), "reliability-store-"));
  const hash = await ownerPasswordHash();
  const apiKey = withStoreDb({ dataDir, databaseUrl: null }, (db) => {
    createOwnerCredentials(db, Date.now).setPasswordHash(hash);
    return createApiKeys(createAccessStore(db)).rotate();
  });
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = startChild("store", process.execPath, PRODUCTION_START, {
    env: {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
    },
  });
  const stop = async () => {
    await child.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (;;) {
      if (child.process.exitCode !== null) throw new Error(`the store exited\n${child.output()}`);
      if (performance.now() - started > READY_TIMEOUT_MS)
        throw new Error(`the store did not answer\n${child.output()}`);
      const ok = await fetch(`${baseUrl}/`)
        .then(async (response) => {
          await response.arrayBuffer();
          return response.ok;
        })
        .catch(() => false);
      if (ok) break;
      await sleep(POLL_MS);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = child.process.pid ?? 0;
  return {
    baseUrl,
    apiKey,
    child,
    startToFirstAnswerMs: performance.now() - started,
    rssMb: () => rssMbOf(pid),
    memoryMb: () => memoryMbOf(pid),
    cpuMs: () => cpuMsOf(pid),
    stop,
  };
}
