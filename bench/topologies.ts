/**
 * @module The topologies section (docs/deploy.md's figures): real store processes on loopback,
 * one SQLite node, one PostgreSQL node and two PostgreSQL nodes on one database, each loaded
 * with autocannon for the page (`GET /`), a visitor's GET query (`.r` form) and item updates
 * with the API key (the connections' writers going round the bench's own 64 items, each from
 * its own). Two nodes are loaded at once by two autocannon processes started at the same
 * instant, half the connections each, and their figures summed. Skipped, with one line, when no
 * PostgreSQL server is configured.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { PAGE_COLLECTIONS } from "@consultant/site-content";
import { QUERY_PATH } from "./fixtures/store-client.ts";
import { busyShare, sampleCpu } from "./lib/cpu-busy.ts";
import type { LoadRequest, LoadResult, LoadSpec } from "./load/load-spec.ts";
import { medianResult } from "./load/median-result.ts";
import { runParallelLoads } from "./load/parallel-loads.ts";
import { type BenchDatabase, createBenchDatabase } from "./topologies/bench-database.ts";
import { prepareApiKey, startTopologyNode, type TopologyNode } from "./topologies/topology-node.ts";

export const WORKLOADS = ["page", "query", "write"] as const;
export type Workload = (typeof WORKLOADS)[number];
export const TOPOLOGIES = ["sqliteOne", "pgOne", "pgTwo"] as const;
export type Topology = (typeof TOPOLOGIES)[number];

export interface TopologiesOptions {
  /** The workloads to measure (default all). */
  workloads?: readonly Workload[];
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
  workDir: string;
}

export type TopologiesResult =
  | { skipped: string }
  | {
      connections: number;
      durationSeconds: number;
      rounds: number;
      /** The machine's 1-minute load average when the section started and ended. */
      loadAverage?: { start: number; end: number };
      /** Each measured workload's figure on each topology (median over the rounds). */
      figures: Partial<Record<Workload, Record<Topology, LoadResult>>>;
      /** The share of the machine's cores busy during each run (median over the rounds). */
      cpuBusy?: Partial<Record<Workload, Record<Topology, number>>>;
    };

const dotR = (body: unknown) => Buffer.from(JSON.stringify(body)).toString("base64url");

/** What one node is sent for a workload. */
export function workloadRequests(workload: Workload, node: TopologyNode): LoadRequest[] {
  switch (workload) {
    case "page":
      return [{ method: "GET", path: "/" }];
    case "query":
      return PAGE_COLLECTIONS.map((collection) => ({
        method: "GET" as const,
        path: `${QUERY_PATH}?.r=${dotR({ dataCollectionId: collection })}`,
        headers: { authorization: node.visitorToken },
      }));
    case "write":
      return node.writes;
  }
}

/**
 * Writes get every connection (the 64 concurrent writers of docs/deploy.md), each writer going
 * round the written collection's items from its own (LoadSpec.staggered), and 30 s before a
 * timeout: one slow commit (a disk shared with other work) may hold queued writes behind it.
 */
export const WRITE_CONNECTIONS_SHARE = 1;
const WRITE_TIMEOUT_SECONDS = 30;

/** One spec per node, the workload's connections shared out among them. */
export function nodeSpecs(
  nodes: readonly TopologyNode[],
  workload: Workload,
  connections: number,
  durationSeconds: number,
): LoadSpec[] {
  const writes = workload === "write";
  const total = writes ? connections * WRITE_CONNECTIONS_SHARE : connections;
  const each = Math.max(1, Math.round(total / nodes.length));
  return nodes.map((node, index) => {
    const requests = workloadRequests(workload, node);
    if (!writes) return { url: node.baseUrl, connections: each, durationSeconds, requests };
    // Writers start at different items, the second node's after the first node's.
    const start = (index * each) % requests.length;
    return {
      url: node.baseUrl,
      connections: each,
      durationSeconds,
      requests: [...requests.slice(start), ...requests.slice(0, start)],
      staggered: true,
      timeoutSeconds: WRITE_TIMEOUT_SECONDS,
    };
  });
}

function median(values: readonly number[] = []): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function describeFailures(result: LoadResult): string {
  const kinds = result.failureKinds;
  return kinds ? ` (${JSON.stringify(kinds)})` : "";
}

export async function measureTopologies(
  databaseUrl: string | undefined,
  options: TopologiesOptions,
): Promise<TopologiesResult> {
  if (databaseUrl === undefined) {
    return { skipped: "no PostgreSQL server (BENCH_DATABASE_URL or STORE_TEST_DATABASE_URL)" };
  }
  const loadStart = loadavg()[0] ?? 0;
  const dirs: string[] = [];
  const newDir = async (name: string) => {
    const dir = await mkdtemp(join(options.workDir, `${name}-`));
    dirs.push(dir);
    return dir;
  };
  const nodes: TopologyNode[] = [];
  let database: BenchDatabase | undefined;
  try {
    const sqliteDir = await newDir("sqlite-node");
    const sqliteKey = prepareApiKey(sqliteDir, null);
    const sqlite = await startTopologyNode({
      name: "store-sqlite",
      dataDir: sqliteDir,
      databaseUrl: null,
      apiKey: sqliteKey,
    });
    nodes.push(sqlite);
    database = await createBenchDatabase(databaseUrl, "bench_topologies");
    const pgDirs = [await newDir("pg-node-a"), await newDir("pg-node-b")] as const;
    const pgKey = prepareApiKey(pgDirs[0], database.url);
    // One after the other: the first seeds the sample content, the second finds it there.
    const pgNodes: TopologyNode[] = [];
    for (const [index, dataDir] of pgDirs.entries()) {
      const node = await startTopologyNode({
        name: `store-pg-${index === 0 ? "a" : "b"}`,
        dataDir,
        databaseUrl: database.url,
        apiKey: pgKey,
      });
      nodes.push(node);
      pgNodes.push(node);
    }
    const nodesOf: Record<Topology, TopologyNode[]> = {
      sqliteOne: [sqlite],
      pgOne: pgNodes.slice(0, 1),
      pgTwo: pgNodes,
    };

    const workloads = options.workloads ?? WORKLOADS;
    const targets = workloads.flatMap((workload) =>
      TOPOLOGIES.map((topology) => ({ workload, topology })),
    );
    const run = (target: (typeof targets)[number], seconds: number) =>
      runParallelLoads(
        nodeSpecs(nodesOf[target.topology], target.workload, options.connections, seconds),
      );
    for (const target of targets) await run(target, options.warmupSeconds);
    const runs = new Map<string, LoadResult[]>();
    const busy = new Map<string, number[]>();
    for (let round = 0; round < options.rounds; round += 1) {
      for (const target of targets) {
        const before = sampleCpu();
        const result = await run(target, options.durationSeconds);
        const share = busyShare(before, sampleCpu());
        if (result.failures > 0) {
          throw new Error(
            `${target.workload} on ${target.topology}: ${result.failures} of ${result.totalRequests} failed${describeFailures(result)}`,
          );
        }
        const key = `${target.workload}/${target.topology}`;
        runs.set(key, [...(runs.get(key) ?? []), result]);
        busy.set(key, [...(busy.get(key) ?? []), share]);
      }
    }
    const figureOf = (workload: Workload, topology: Topology) =>
      medianResult(runs.get(`${workload}/${topology}`) ?? []);
    const figures = Object.fromEntries(
      workloads.map((workload) => [
        workload,
        Object.fromEntries(TOPOLOGIES.map((topology) => [topology, figureOf(workload, topology)])),
      ]),
    ) as Partial<Record<Workload, Record<Topology, LoadResult>>>;
    const cpuBusy = Object.fromEntries(
      workloads.map((workload) => [
        workload,
        Object.fromEntries(
          TOPOLOGIES.map((topology) => [topology, median(busy.get(`${workload}/${topology}`))]),
        ),
      ]),
    ) as Partial<Record<Workload, Record<Topology, number>>>;
    return {
      loadAverage: { start: loadStart, end: loadavg()[0] ?? 0 },
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      rounds: options.rounds,
      figures,
      cpuBusy,
    };
  } finally {
    for (const node of nodes) await node.stop();
    // A failed clean-up is reported, never allowed to hide the figures.
    await database?.drop().catch((error: unknown) => {
      console.error(`topologies: could not drop the bench database: ${String(error)}`);
    });
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}
