/**
 * @module Drafts and publishing as the app wires them: the pending changes, the preview links
 * and the per-address count of preview attempts, all on the store's database.
 */
import type { Publication } from "@consultant/site-content/wire";
import type { FastifyInstance } from "fastify";
import type { ItemsStore, ItemWriter } from "../../data/index.ts";
import type { AuditLog } from "../../identity/index.ts";
import type { PurgeWebhook } from "../../page/index.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import {
  type AttemptCounter,
  createAttemptCounter,
} from "../../platform/limits/attempt-counter.ts";
import { createDraftsStore, type DraftsStore } from "../storage/drafts-store.ts";
import { registerDraftScheduler } from "./draft-scheduler.ts";
import { createDrafts, type Drafts } from "./drafts-service.ts";
import { createPreviewLinks, type PreviewLinks } from "./preview-links.ts";

/** Preview pages one client address may ask for in a window (a guess counts as one). */
export const PREVIEW_ATTEMPTS = 60;
export const PREVIEW_WINDOW_MS = 10 * 60 * 1000;

export type DraftsFeature = {
  store: DraftsStore;
  drafts: Drafts;
  links: PreviewLinks;
  previewAttempts: AttemptCounter;
};

export function createDraftsFeature(
  db: Db,
  deps: { store: ItemsStore; writer: ItemWriter; now: () => number },
): DraftsFeature {
  const store = createDraftsStore(db);
  return {
    store,
    drafts: createDrafts({ drafts: store, ...deps }),
    links: createPreviewLinks(store, deps.now),
    previewAttempts: createAttemptCounter(db, {
      scope: "preview-link",
      max: PREVIEW_ATTEMPTS,
      windowMs: PREVIEW_WINDOW_MS,
      now: deps.now,
    }),
  };
}

/**
 * The feature, and this node's scheduler (`app.draftScheduler`); the CDN purge, when there is
 * one, hears of each scheduler pass that published something, and the audit log of each change.
 */
export function registerDrafts(
  app: FastifyInstance,
  db: Db,
  deps: { store: ItemsStore; writer: ItemWriter; now: () => number },
  purge: PurgeWebhook | null,
  /** Where each scheduled publish is recorded (the owner's audit log). */
  audit?: AuditLog,
): DraftsFeature {
  const feature = createDraftsFeature(db, deps);
  const onPublished = (published: Publication[]) => {
    purge?.notifyIfChanged();
    for (const change of published) {
      audit?.record({
        actorId: change.scheduledBy,
        actorKind: "schedule",
        action: "draft.published-on-schedule",
        target: `${change.collectionId}/${change.itemId}`,
      });
    }
  };
  app.decorate("draftScheduler", registerDraftScheduler(app, feature.drafts, onPublished));
  return feature;
}
