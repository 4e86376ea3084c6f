import { startTsChild } from "../lib/child.ts";
import type { LoadResult, LoadSpec } from "./load-spec.ts";

const EXTRA_WAIT_MS = 30_000;

/**
 * Runs one load in a separate process and returns its figures: autocannon, or at a steady rate
 * (steady-child.ts) when the spec sets `overallRate`.
 */
export async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  const steady = spec.overallRate !== undefined;
  const entry = new URL(steady ? "./steady-child.ts" : "./autocannon-child.ts", import.meta.url)
    .pathname;
  const child = startTsChild(steady ? "steady load" : "autocannon", entry, [JSON.stringify(spec)]);
  try {
    const match = await child.waitForLine(
      /^RESULT (.*)$/,
      Math.max(0, (spec.startAt ?? 0) - Date.now()) + spec.durationSeconds * 1000 + EXTRA_WAIT_MS,
    );
    return JSON.parse(match[1] ?? "null") as LoadResult;
  } finally {
    await child.stop();
  }
}
