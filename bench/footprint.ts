import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type Child, startChild } from "./lib/child.ts";
import { freePort } from "./lib/free-port.ts";
import { npmStartArgs } from "./lib/npm-start.ts";

// `npm start` may build the site first.
const READY_TIMEOUT_MS = 180_000;
const MB = 1024 * 1024;
/** How long the store and bare Node sit idle before their memory is read. */
const IDLE_SECONDS = 2;

/** One start of the production store, read after its page views and the idle wait. */
export interface StoreStart {
  /** Resident memory, in MB (2^20 bytes). */
  rssMb: number;
  /** The first `GET /` once the store says it listens, until its whole body has arrived. */
  firstAnswerMs: number;
  /** From spawning the process (build check, seeding on a first start, start) to that answer. */
  spawnToFirstAnswerMs: number;
}

export interface FootprintResult {
  pageViews: number;
  idleSeconds: number;
  /** A fresh DATA_DIR: this start seeds the sample content. */
  firstStart: StoreStart;
  /** The same DATA_DIR started again, as a deployed store restarts. */
  restart: StoreStart;
  /** `node -e` doing nothing, after the same idle wait. */
  bareRssMb: number;
}

export interface FootprintOptions {
  pageViews: number;
  idleSeconds?: number;
}

/** Resident memory of a running child, from Linux's /proc. */
async function residentMb(child: Child): Promise<number> {
  const status = await readFile(`/proc/${child.process.pid}/status`, "utf8").catch(() => {
    throw new Error(`cannot read /proc/${child.process.pid}/status (the footprint needs Linux)`);
  });
  const kb = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1];
  if (kb === undefined) throw new Error(`no VmRSS for ${child.name}`);
  return (Number(kb) * 1024) / MB;
}

async function pageView(url: string): Promise<void> {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
}

async function measureBareNode(idleSeconds: number): Promise<number> {
  const child = startChild("bare-node", process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"]);
  try {
    await sleep(idleSeconds * 1000);
    return await residentMb(child);
  } finally {
    await child.stop();
  }
}

async function measureStart(
  dataDir: string,
  pageViews: number,
  idleSeconds: number,
): Promise<StoreStart> {
  const port = await freePort();
  const spawnedAt = performance.now();
  const child = startChild("store (footprint)", process.execPath, npmStartArgs(), {
    env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production" },
  });
  try {
    await child.waitForLine(/listening on/, READY_TIMEOUT_MS);
    const url = `http://127.0.0.1:${port}/`;
    const listeningAt = performance.now();
    await pageView(url);
    const answeredAt = performance.now();
    for (let view = 1; view < pageViews; view += 1) await pageView(url);
    await sleep(idleSeconds * 1000);
    return {
      rssMb: await residentMb(child),
      firstAnswerMs: answeredAt - listeningAt,
      spawnToFirstAnswerMs: answeredAt - spawnedAt,
    };
  } finally {
    await child.stop();
  }
}

/**
 * The production store as `npm start` runs it (its node flags, scripts/start.mjs, NODE_ENV=production):
 * after one unmeasured start (which builds what is stale), started on a fresh DATA_DIR (seeding
 * the sample content), then again on the same one. Each
 * time, the first answer after it listens, then its resident memory after `pageViews` page views
 * and `idleSeconds` of quiet; bare Node's beside them.
 */
export async function measureFootprint(options: FootprintOptions): Promise<FootprintResult> {
  const idleSeconds = options.idleSeconds ?? IDLE_SECONDS;
  // Unmeasured: builds the store or the site if their build is stale, as `npm start` does.
  const warmUpDir = await mkdtemp(join(tmpdir(), "bench-footprint-warm-up-"));
  await measureStart(warmUpDir, 1, 0).finally(() =>
    rm(warmUpDir, { recursive: true, force: true }),
  );
  const bareRssMb = await measureBareNode(idleSeconds);
  const dataDir = await mkdtemp(join(tmpdir(), "bench-footprint-"));
  try {
    const firstStart = await measureStart(dataDir, options.pageViews, idleSeconds);
    const restart = await measureStart(dataDir, options.pageViews, idleSeconds);
    return { pageViews: options.pageViews, idleSeconds, firstStart, restart, bareRssMb };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
