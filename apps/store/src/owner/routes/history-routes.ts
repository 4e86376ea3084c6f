/**
 * @module An item's history (newest first, paged), the removed items of a collection, and a
 * conditional restore that writes an old version as the newest one.
 */
import type { FastifyInstance } from "fastify";
import type { ItemHistory, ItemsStore } from "../../data/index.ts";
import { requireOwner } from "../../identity/index.ts";
import type { AccessStore } from "../../platform/db/access-store.ts";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { bodyObject } from "../../platform/http/body-object.ts";
import { restoreVersion } from "../restore-version.ts";
import { refuseUnreviewed } from "../review/review-guard.ts";

export type HistoryRoutesDeps = {
  store: ItemsStore;
  history: ItemHistory;
  now: () => number;
  /** Asked whether a collaborator's changes wait for review: a restore goes live at once. */
  access: AccessStore;
};

const DEFAULT_PAGE = 50;
const MAX_PAGE = 200;

function wholeNumber(value: unknown, field: string, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const number = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== "number" || !Number.isSafeInteger(number) || number < 1) {
    throw validationError([violation(field, "must be a whole number of at least 1")]);
  }
  return number;
}

type ItemParams = { collectionId: string; itemId: string };

export function registerHistoryRoutes(app: FastifyInstance, deps: HistoryRoutesDeps): void {
  const { store, history } = deps;

  function assertCollection(collectionId: string): void {
    if (!store.hasCollection(collectionId))
      throw new ApiError("COLLECTION_NOT_FOUND", [collectionId]);
  }

  app.get<{ Params: ItemParams; Querystring: { before?: string; limit?: string } }>(
    "/api/history/:collectionId/:itemId",
    { preHandler: requireOwner },
    async (request) => {
      const { collectionId, itemId } = request.params;
      assertCollection(collectionId);
      const limit = Math.min(wholeNumber(request.query.limit, "limit", DEFAULT_PAGE), MAX_PAGE);
      const before =
        request.query.before === undefined
          ? undefined
          : wholeNumber(request.query.before, "before");
      return history.list(collectionId, itemId, { before, limit });
    },
  );

  app.get<{ Params: { collectionId: string } }>(
    "/api/removed/:collectionId",
    { preHandler: requireOwner },
    async (request) => {
      assertCollection(request.params.collectionId);
      return { versions: history.removedItems(request.params.collectionId, DEFAULT_PAGE) };
    },
  );

  app.post<{ Params: ItemParams }>(
    "/api/history/:collectionId/:itemId/restore",
    { preHandler: requireOwner },
    async (request) => {
      const { collectionId, itemId } = request.params;
      refuseUnreviewed(request, deps.access);
      assertCollection(collectionId);
      const body = bodyObject(request);
      const expected = body.expectedUpdatedDate;
      if (
        expected !== null &&
        (typeof expected !== "string" || Number.isNaN(Date.parse(expected)))
      ) {
        throw validationError([
          violation("expectedUpdatedDate", "must be an ISO date or null", "REQUIRED_FIELD"),
        ]);
      }
      const item = restoreVersion(deps, {
        collectionId,
        itemId,
        versionId: wholeNumber(body.versionId, "versionId"),
        expectedUpdatedDate: expected,
      });
      return { item: item.data };
    },
  );
}
