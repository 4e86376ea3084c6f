/**
 * @module Counts events in batches (docs/analytics.md, "Ingest"): a beacon's request only puts
 * its event in memory; the batch is stored and rolled up in one transaction a few milliseconds
 * later, or at once when it is full, and before every dashboard read and the app's close. What
 * a node holds in memory when it crashes (at most one batch) is lost.
 */

import type { AnalyticsStore } from "./analytics-store.ts";
import type { CountedEvent } from "./counted-event.ts";
import { storeBatch } from "./roll-ups.ts";

export const BATCH_SIZE = 128;
export const BATCH_DELAY_MS = 10;

export type EventCounter = {
  record(event: CountedEvent): void;
  /** Stores what is waiting. */
  flush(): void;
  close(): void;
};

export function createEventCounter(
  store: AnalyticsStore,
  onError: (error: unknown) => void,
): EventCounter {
  let waiting: CountedEvent[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (waiting.length === 0) return;
    const batch = waiting;
    waiting = [];
    try {
      storeBatch(store, batch);
    } catch (error) {
      onError(error);
    }
  };
  return {
    record(event) {
      waiting.push(event);
      if (waiting.length >= BATCH_SIZE) flush();
      else if (timer === null) {
        timer = setTimeout(flush, BATCH_DELAY_MS);
        timer.unref();
      }
    },
    flush,
    close: flush,
  };
}
