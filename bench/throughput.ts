import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  type ContentItems,
  PAGE_COLLECTIONS,
  type PageCollection,
  readPageContent,
} from "./fixtures/content.ts";
import { queryResponseFromContent } from "./fixtures/protocol-shape.ts";
import {
  capturePageQueries,
  QUERY_PATH,
  queryBody,
  visitorToken,
} from "./fixtures/store-client.ts";
import type { LoadRequest, LoadResult } from "./load/load-spec.ts";
import { runLoad } from "./load/run-load.ts";
import { startBenchServer } from "./servers/start-bench-server.ts";

export interface ThroughputOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** A scratch directory for db.json and the precomputed responses. */
  workDir: string;
}

export interface ThroughputResult {
  connections: number;
  durationSeconds: number;
  ours: LoadResult | undefined;
  jsonServer: LoadResult;
  bare: LoadResult;
  /** Where the bare server's bytes came from. */
  bareBytesFrom: "store" | "content";
}

async function load(url: string, requests: LoadRequest[], options: ThroughputOptions) {
  const base = { url, connections: options.connections, requests };
  if (options.warmupSeconds > 0) await runLoad({ ...base, durationSeconds: options.warmupSeconds });
  const result = await runLoad({ ...base, durationSeconds: options.durationSeconds });
  if (result.failures > 0) {
    throw new Error(`${url}: ${result.failures} of ${result.totalRequests} requests failed`);
  }
  return result;
}

function queryRequests(token: string | undefined): LoadRequest[] {
  return PAGE_COLLECTIONS.map((collection) => ({
    method: "POST",
    path: QUERY_PATH,
    headers: { "content-type": "application/json", ...(token ? { authorization: token } : {}) },
    body: queryBody(collection),
  }));
}

async function loadJsonServer(
  content: Record<PageCollection, ContentItems>,
  options: ThroughputOptions,
): Promise<LoadResult> {
  const dbFile = join(options.workDir, "db.json");
  await writeFile(dbFile, JSON.stringify(content));
  const server = await startBenchServer("json-server", "./json-server.ts", [dbFile]);
  try {
    const requests = PAGE_COLLECTIONS.map(
      (collection): LoadRequest => ({
        method: "GET",
        path: `/${collection}`,
      }),
    );
    for (const collection of PAGE_COLLECTIONS) {
      const items = (await (await fetch(`${server.baseUrl}/${collection}`)).json()) as unknown[];
      if (items.length !== content[collection].length) {
        throw new Error(`json-server: /${collection} returned ${items.length} items`);
      }
    }
    return await load(server.baseUrl, requests, options);
  } finally {
    await server.stop();
  }
}

async function loadBare(responses: Record<string, string>, options: ThroughputOptions) {
  const file = join(options.workDir, "responses.json");
  await writeFile(file, JSON.stringify(responses));
  const server = await startBenchServer("bare-query", "./bare-query.ts", [file]);
  try {
    return await load(server.baseUrl, queryRequests(undefined), options);
  } finally {
    await server.stop();
  }
}

/**
 * The page's five queries under autocannon: our store (visitor token, round-robin), json-server
 * over the same documents, and a bare `http` server replaying the store's exact response bytes.
 * Servers and the load generator run in separate processes; each target gets a warm-up first.
 */
export async function measureThroughput(
  storeUrl: string | undefined,
  options: ThroughputOptions,
): Promise<ThroughputResult> {
  const content = await readPageContent();
  let ours: LoadResult | undefined;
  let responses: Record<string, string>;
  if (storeUrl) {
    const token = await visitorToken(storeUrl);
    responses = await capturePageQueries(storeUrl, token);
    ours = await load(storeUrl, queryRequests(token), options);
  } else {
    responses = Object.fromEntries(
      PAGE_COLLECTIONS.map((name) => [name, queryResponseFromContent(name, content[name])]),
    );
  }
  const jsonServer = await loadJsonServer(content, options);
  const bare = await loadBare(responses, options);
  return {
    connections: options.connections,
    durationSeconds: options.durationSeconds,
    ours,
    jsonServer,
    bare,
    bareBytesFrom: storeUrl ? "store" : "content",
  };
}
