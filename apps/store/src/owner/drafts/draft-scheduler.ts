/**
 * @module Every node's scheduler: a short timer publishes the changes whose time has come
 * (drafts-service.ts claims each in the transaction that applies it, so on N nodes each goes live
 * once), and a store that starts after a change's time publishes it at once. The store's clock
 * decides what is due, so tests move that clock instead of waiting.
 */

import type { Publication } from "@consultant/site-content/wire";
import type { FastifyInstance } from "fastify";
import type { Drafts } from "./drafts-service.ts";

/** How often a node looks for due changes: a change goes live well within 1 s of its time. */
export const SCHEDULER_INTERVAL_MS = 250;

export type DraftScheduler = {
  /** Publishes what is due now (the timer calls it; tests may too). */
  runDue(): Publication[];
};

export function registerDraftScheduler(
  app: FastifyInstance,
  drafts: Drafts,
  /** Told after a pass published something (the CDN purge). */
  onPublished: (published: Publication[]) => void,
  intervalMs = SCHEDULER_INTERVAL_MS,
): DraftScheduler {
  let timer: NodeJS.Timeout | null = null;

  function runDue(): Publication[] {
    const published = drafts.publishDue((change, error) =>
      app.log.error(
        { err: error, collectionId: change.collectionId, itemId: change.itemId },
        "scheduled change not published; kept as a draft",
      ),
    );
    if (published.length > 0) onPublished(published);
    return published;
  }

  function tick(): void {
    try {
      runDue();
    } catch (error) {
      app.log.warn({ err: error }, "scheduler pass failed; the next one retries");
    }
  }

  app.addHook("onReady", async () => {
    tick();
    timer = setInterval(tick, intervalMs);
    timer.unref();
  });
  app.addHook("preClose", async () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  });
  return { runDue };
}
