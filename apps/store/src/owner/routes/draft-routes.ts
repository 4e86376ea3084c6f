/**
 * @module The editor's drafts API (DRAFTS-CONTRACT.md): pending changes of the page's items,
 * publishing them now or at a time, planning an unpublish, and the publication records.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { requireOwner } from "../../identity/index.ts";
import type { AccessStore } from "../../platform/db/access-store.ts";
import { bodyObject } from "../../platform/http/body-object.ts";
import { readItemId } from "../../platform/query/request-fields.ts";
import { wellFormed } from "../../platform/query/values.ts";
import {
  readChanges,
  readItemIds,
  readKind,
  readPageCollection,
  readPublishAt,
} from "../drafts/draft-input.ts";
import type { Drafts } from "../drafts/drafts-service.ts";
import { refuseUnreviewed } from "../review/review-guard.ts";
import type { Review } from "../review/review-service.ts";

/** Who acts: the signed-in staff member's e-mail. */
function actor(request: FastifyRequest): string {
  return request.owner?.email ?? "owner";
}

function optionalCollection(raw: unknown): string | null {
  return raw === undefined ? null : readPageCollection(raw);
}

export function registerDraftRoutes(
  app: FastifyInstance,
  deps: { drafts: Drafts; now: () => number; review: Review; access: AccessStore },
): void {
  const { drafts, now, review, access } = deps;
  // Publishing, scheduling and unpublishing put changes live: a reviewed collaborator sends
  // the draft for review instead (owner/review/).
  const publishes = { preHandler: [requireOwner, liveGuard] };
  async function liveGuard(request: FastifyRequest): Promise<void> {
    refuseUnreviewed(request, access);
  }

  app.get<{ Querystring: { collectionId?: string } }>(
    "/api/drafts",
    { preHandler: requireOwner },
    async (request) => ({ changes: drafts.list(optionalCollection(request.query.collectionId)) }),
  );

  app.put("/api/drafts", { preHandler: requireOwner }, async (request) => {
    const body = bodyObject(request);
    const collectionId = readPageCollection(body.collectionId);
    const changes = readChanges(collectionId, body.changes, now());
    return { changes: drafts.save(collectionId, changes, actor(request)) };
  });

  app.delete("/api/drafts", { preHandler: requireOwner }, async (request) => {
    const body = bodyObject(request);
    const collectionId = readPageCollection(body.collectionId);
    const kind = body.kind === undefined ? null : readKind(body.kind, "kind");
    return { discarded: drafts.discard(collectionId, readItemIds(body.itemIds), kind) };
  });

  app.post("/api/drafts/publish", publishes, async (request) => {
    const body = bodyObject(request);
    const collectionId = readPageCollection(body.collectionId);
    const itemIds = readItemIds(body.itemIds);
    if (body.at === undefined || body.at === null) {
      const published = drafts.publishNow(collectionId, itemIds, actor(request));
      // Published by hand: nothing of it waits for review any more.
      if (drafts.list(collectionId).length === 0) review.published(collectionId);
      return { published };
    }
    const at = readPublishAt(body.at, "at", now());
    return { changes: drafts.schedulePuts(collectionId, itemIds, at, actor(request)) };
  });

  app.post("/api/drafts/unpublish", publishes, async (request) => {
    const body = bodyObject(request);
    const collectionId = readPageCollection(body.collectionId);
    const itemId = wellFormed(readItemId(body.itemId, "itemId"));
    const at = readPublishAt(body.at, "at", now());
    return { change: drafts.unpublishAt(collectionId, itemId, at, actor(request)) };
  });

  app.get<{ Querystring: { collectionId?: string } }>(
    "/api/publications",
    { preHandler: requireOwner },
    async (request) => ({
      publications: drafts.publications(optionalCollection(request.query.collectionId)),
    }),
  );
}
