import { setTimeout as sleep } from "node:timers/promises";
import type { Child } from "./child.ts";

const POLL_MS = 200;

/** Polls `url` until it answers 2xx; fails early if the child exits. */
export async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited (code ${child.process.exitCode})\n${child.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(POLL_MS);
  }
  throw new Error(`${child.name}: ${url} not ready within ${timeoutMs} ms\n${child.output()}`);
}
