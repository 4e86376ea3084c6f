import { startTsChild } from "../lib/child.ts";

const READY_TIMEOUT_MS = 30_000;

export interface BenchServer {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** Starts one of the `servers/*.ts` entries in its own process and waits for its port. */
export async function startBenchServer(
  name: string,
  entry: string,
  args: readonly string[],
): Promise<BenchServer> {
  const child = startTsChild(name, new URL(entry, import.meta.url).pathname, args);
  try {
    const match = await child.waitForLine(/^LISTENING (\d+)$/, READY_TIMEOUT_MS);
    return { baseUrl: `http://127.0.0.1:${match[1]}`, stop: () => child.stop() };
  } catch (error) {
    await child.stop();
    throw error;
  }
}
