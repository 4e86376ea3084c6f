import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startChild } from "../lib/child.ts";
import { freePort } from "../lib/free-port.ts";
import { npmStartArgs } from "../lib/npm-start.ts";
import { waitForHttp } from "../lib/wait-for-http.ts";

// `npm start` may build the site first.
const READY_TIMEOUT_MS = 180_000;

export interface StoreServer {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

export interface StoreOptions {
  /** A DATA_DIR the caller prepared (and removes); a fresh temporary one otherwise. */
  dataDir?: string;
  /** More environment, e.g. DATABASE_URL. */
  env?: Record<string, string>;
  name?: string;
}

/** Runs the store as `npm start` does (its node flags, scripts/start.mjs) on a free port with a fresh DATA_DIR. */
export async function startStore(options: StoreOptions = {}): Promise<StoreServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), "bench-store-")));
  const port = await freePort();
  const name = options.name ?? "store";
  const child = startChild(name, process.execPath, npmStartArgs(), {
    env: {
      ...options.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "production",
    },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await child.stop();
    if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${baseUrl}/`, child, READY_TIMEOUT_MS);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
