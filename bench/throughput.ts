import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PAGE_COLLECTIONS } from "@consultant/site-content";
import { readPageContent } from "./fixtures/content.ts";
import { queryResponseFromContent } from "./fixtures/protocol-shape.ts";
import {
  type CapturedResponse,
  capturePageQueries,
  QUERY_PATH,
  queryBody,
  visitorToken,
} from "./fixtures/store-client.ts";
import type { LoadRequest, LoadResult } from "./load/load-spec.ts";
import { medianResult } from "./load/median-result.ts";
import { runLoad } from "./load/run-load.ts";
import { type BenchServer, startBenchServer } from "./servers/start-bench-server.ts";

export interface ThroughputOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Measured runs per target, alternating targets; figures are medians when above 1. */
  rounds: number;
  /** A scratch directory for db.json and the precomputed responses. */
  workDir: string;
}

export interface ThroughputResult {
  connections: number;
  durationSeconds: number;
  rounds: number;
  ours: LoadResult | undefined;
  jsonServer: LoadResult;
  /** The ceiling: the same requests, answered with the store's own headers and bytes. */
  bare: LoadResult;
  /** Diagnostic: requests without the token, answered with the body alone (two headers). */
  bareBodyOnly: LoadResult;
  /** Where the bare server's bytes came from. */
  bareBytesFrom: "store" | "content";
}

interface Target {
  name: string;
  url: string;
  requests: LoadRequest[];
}

function queryRequests(token: string | undefined): LoadRequest[] {
  return PAGE_COLLECTIONS.map((collection) => ({
    method: "POST",
    path: QUERY_PATH,
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: queryBody(collection),
  }));
}

async function checkJsonServer(baseUrl: string, expected: Record<string, unknown[]>) {
  for (const collection of PAGE_COLLECTIONS) {
    const items = (await (await fetch(`${baseUrl}/${collection}`)).json()) as unknown[];
    if (items.length !== expected[collection]?.length) {
      throw new Error(`json-server: /${collection} returned ${items.length} items`);
    }
  }
}

async function measureTargets(targets: readonly Target[], options: ThroughputOptions) {
  const spec = (target: Target, durationSeconds: number) => ({
    url: target.url,
    connections: options.connections,
    requests: target.requests,
    durationSeconds,
  });
  for (const target of targets) await runLoad(spec(target, options.warmupSeconds));
  const results = new Map<string, LoadResult[]>(targets.map((target) => [target.name, []]));
  for (let round = 0; round < options.rounds; round += 1) {
    for (const target of targets) {
      const result = await runLoad(spec(target, options.durationSeconds));
      if (result.failures > 0) {
        throw new Error(
          `${target.name}: ${result.failures} of ${result.totalRequests} requests failed`,
        );
      }
      results.get(target.name)?.push(result);
    }
  }
  return (name: string) => medianResult(results.get(name) ?? []);
}

/**
 * The page's five queries under autocannon: our store (visitor token, round-robin), json-server
 * over the same documents, and a bare `http` server replaying the store's exact response bytes.
 * Servers and the load generator run in separate processes; every target is warmed up first,
 * then measured once per round, the targets taking turns.
 */
export async function measureThroughput(
  storeUrl: string | undefined,
  options: ThroughputOptions,
): Promise<ThroughputResult> {
  const content = await readPageContent();
  const token = storeUrl ? await visitorToken(storeUrl) : undefined;
  const responses: Record<string, CapturedResponse> =
    storeUrl && token
      ? await capturePageQueries(storeUrl, token)
      : Object.fromEntries(
          PAGE_COLLECTIONS.map((name) => [
            name,
            {
              headers: { "content-type": "application/json; charset=utf-8" },
              body: queryResponseFromContent(name, content[name]),
            },
          ]),
        );
  const dbFile = join(options.workDir, "db.json");
  const responsesFile = join(options.workDir, "responses.json");
  await writeFile(dbFile, JSON.stringify(content));
  await writeFile(responsesFile, JSON.stringify(responses));

  const servers: BenchServer[] = [];
  try {
    const jsonServer = await startBenchServer("json-server", "./json-server.ts", [dbFile]);
    servers.push(jsonServer);
    const bare = await startBenchServer("bare-query", "./bare-query.ts", [responsesFile, "full"]);
    servers.push(bare);
    const bareBodyOnly = await startBenchServer("bare-query-body", "./bare-query.ts", [
      responsesFile,
      "body-only",
    ]);
    servers.push(bareBodyOnly);
    await checkJsonServer(jsonServer.baseUrl, content);
    const targets: Target[] = [
      ...(storeUrl ? [{ name: "ours", url: storeUrl, requests: queryRequests(token) }] : []),
      {
        name: "json-server",
        url: jsonServer.baseUrl,
        requests: PAGE_COLLECTIONS.map((collection) => ({ method: "GET", path: `/${collection}` })),
      },
      { name: "bare", url: bare.baseUrl, requests: queryRequests(token) },
      { name: "bare-body-only", url: bareBodyOnly.baseUrl, requests: queryRequests(undefined) },
    ];
    const resultOf = await measureTargets(targets, options);
    return {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      rounds: options.rounds,
      ours: storeUrl ? resultOf("ours") : undefined,
      jsonServer: resultOf("json-server"),
      bare: resultOf("bare"),
      bareBodyOnly: resultOf("bare-body-only"),
      bareBytesFrom: storeUrl ? "store" : "content",
    };
  } finally {
    for (const server of servers) await server.stop();
  }
}
