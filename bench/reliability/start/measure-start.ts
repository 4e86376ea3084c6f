/**
 * @module The production start's figures: time from spawn to the first answer, and resident
 * memory once idle (after one page view, then a few seconds without requests).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { median } from "../../lib/stats.ts";
import { type MemoryMb, PRODUCTION_START, startProductionStore } from "../lib/production-store.ts";

export type StartFigures = {
  command: string;
  runs: number;
  startToFirstAnswerMs: number;
  idleRssMb: number;
  /** The idle memory of the run with the median RSS, split (production-store.ts). */
  idleMemoryMb: MemoryMb;
};

/**
 * Starts the store `runs` times after one unmeasured start (which builds the site if its build
 * is stale, as `npm start` does); medians of both figures.
 */
export async function measureProductionStart(runs: number, idleSeconds = 5): Promise<StartFigures> {
  await (await startProductionStore()).stop();
  const starts: number[] = [];
  const memory: MemoryMb[] = [];
  for (let run = 0; run < runs; run++) {
    const store = await startProductionStore();
    try {
      starts.push(store.startToFirstAnswerMs);
      await sleep(idleSeconds * 1000);
      memory.push(store.memoryMb());
    } finally {
      await store.stop();
    }
  }
  const byRss = memory.sort((a, b) => a.rss - b.rss);
  const idleMemoryMb = byRss[Math.floor((byRss.length - 1) / 2)] as MemoryMb;
  return {
    idleMemoryMb,
    command: `node ${PRODUCTION_START.join(" ")}`,
    runs,
    startToFirstAnswerMs: median(starts),
    idleRssMb: median(memory.map((m) => m.rss)),
  };
}
