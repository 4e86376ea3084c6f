/**
 * The CDN section: nginx with `proxy_cache` in front of the store (docs/deploy.md's settings),
 * honouring the store's `Cache-Control`. Figures: the page's throughput through the cache beside
 * nginx serving the same bytes as a file, and the cache hit rate over page views and a visitor's
 * GET queries. Skipped, with one line, when nginx is not installed (CI does not install it).
 */
import { spawnSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PAGE_COLLECTIONS } from "@consultant/site-content";
import { nginxBenchConfig } from "./cdn/nginx-config.ts";
import { QUERY_PATH, visitorToken } from "./fixtures/store-client.ts";
import { startChild } from "./lib/child.ts";
import { freePort } from "./lib/free-port.ts";
import { waitForHttp } from "./lib/wait-for-http.ts";
import type { LoadRequest, LoadResult } from "./load/load-spec.ts";
import { medianResult } from "./load/median-result.ts";
import { runLoad } from "./load/run-load.ts";

export interface CdnOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  rounds: number;
  workDir: string;
}

export type CdnResult =
  | { skipped: string }
  | {
      connections: number;
      durationSeconds: number;
      rounds: number;
      /** `GET /` through nginx's cache. */
      cached: LoadResult;
      /** The same bytes as a file served by the same nginx. */
      staticFile: LoadResult;
      /** `GET /` from the store directly. */
      direct: LoadResult;
      /** Cache hits over page views and a visitor's GET queries (each query's URL repeated). */
      hitRate: { hits: number; requests: number };
      cacheControl: string;
    };

/** The nginx binary (`BENCH_NGINX`, else on the PATH or in /usr/sbin), or null when there is none. */
export function findNginx(): string | null {
  const named = process.env.BENCH_NGINX?.trim();
  for (const candidate of named ? [named] : ["nginx", "/usr/sbin/nginx"]) {
    const probe = spawnSync(candidate, ["-v"], { stdio: "ignore" });
    if (probe.error === undefined && probe.status === 0) return candidate;
  }
  return null;
}

const dotR = (body: unknown) => Buffer.from(JSON.stringify(body)).toString("base64url");

async function countLines(file: string): Promise<{ hits: number; requests: number }> {
  const lines = (await readFile(file, "utf8")).split("\n").filter((line) => line !== "");
  return { hits: lines.filter((line) => line === "HIT").length, requests: lines.length };
}

export async function measureCdn(storeUrl: string, options: CdnOptions): Promise<CdnResult> {
  const nginx = findNginx();
  if (nginx === null) return { skipped: "nginx is not installed" };
  const prefix = join(options.workDir, "nginx");
  const staticRoot = join(prefix, "static");
  await mkdir(staticRoot, { recursive: true });
  const page = await fetch(`${storeUrl}/`);
  const cacheControl = page.headers.get("cache-control") ?? "";
  if (!cacheControl.includes("s-maxage")) {
    throw new Error(`the store's page is not cacheable (Cache-Control: ${cacheControl})`);
  }
  await writeFile(join(staticRoot, "index.html"), Buffer.from(await page.arrayBuffer()));
  const ports = { cachePort: await freePort(), staticPort: await freePort() };
  const confFile = join(prefix, "nginx.conf");
  await writeFile(
    confFile,
    nginxBenchConfig({
      prefix,
      storePort: Number(new URL(storeUrl).port),
      ...ports,
      staticRoot,
      asRoot: process.getuid?.() === 0,
    }),
  );
  const child = startChild("nginx", nginx, ["-p", prefix, "-c", confFile]);
  try {
    const cacheUrl = `http://127.0.0.1:${ports.cachePort}`;
    const staticUrl = `http://127.0.0.1:${ports.staticPort}`;
    await waitForHttp(`${cacheUrl}/`, child, 10_000);
    await waitForHttp(`${staticUrl}/`, child, 10_000);

    const pageView: LoadRequest[] = [{ method: "GET", path: "/" }];
    const targets = [
      { name: "cached", url: cacheUrl },
      { name: "staticFile", url: staticUrl },
      { name: "direct", url: storeUrl },
    ] as const;
    const spec = (url: string, durationSeconds: number, requests = pageView) => ({
      url,
      connections: options.connections,
      durationSeconds,
      requests,
    });
    for (const target of targets) await runLoad(spec(target.url, options.warmupSeconds));
    const runs = new Map<string, LoadResult[]>(targets.map((target) => [target.name, []]));
    for (let round = 0; round < options.rounds; round += 1) {
      for (const target of targets) {
        const result = await runLoad(spec(target.url, options.durationSeconds));
        if (result.failures > 0) {
          throw new Error(`${target.name}: ${result.failures} of ${result.totalRequests} failed`);
        }
        runs.get(target.name)?.push(result);
      }
    }

    // The hit rate over a visitor's traffic: the page and the page's queries in the GET form.
    const token = await visitorToken(storeUrl);
    const visitorTraffic: LoadRequest[] = [
      ...pageView,
      ...PAGE_COLLECTIONS.map((collection) => ({
        method: "GET" as const,
        path: `${QUERY_PATH}?.r=${dotR({ dataCollectionId: collection })}`,
        headers: { authorization: token },
      })),
    ];
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = await countLines(join(prefix, "cache.log"));
    const mixed = await runLoad(spec(cacheUrl, options.durationSeconds, visitorTraffic));
    if (mixed.failures > 0) throw new Error(`visitor traffic: ${mixed.failures} failed`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = await countLines(join(prefix, "cache.log"));
    const of = (name: string) => medianResult(runs.get(name) ?? []);
    return {
      connections: options.connections,
      durationSeconds: options.durationSeconds,
      rounds: options.rounds,
      cached: of("cached"),
      staticFile: of("staticFile"),
      direct: of("direct"),
      hitRate: { hits: after.hits - before.hits, requests: after.requests - before.requests },
      cacheControl,
    };
  } finally {
    await child.stop();
  }
}
