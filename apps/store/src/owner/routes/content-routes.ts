/**
 * @module What the editor reads: a collection's items (system fields included, so saves can
 * carry a condition on `_updatedDate`) and the real page rendered with unsaved changes.
 * Saves themselves go through the data-items API.
 */
import { isPageCollection } from "@consultant/site-content";
import type { FastifyInstance } from "fastify";
import { allItemsQuery, type ItemData, type ItemsStore } from "../../data/index.ts";
import { requireOwner } from "../../identity/index.ts";
import type { LoadedSite } from "../../page/index.ts";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { bodyObject, requiredString } from "../../platform/http/body-object.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import { renderPreview } from "../preview.ts";

export type ContentRoutesDeps = { store: ItemsStore; site: LoadedSite | null };

const MAX_PREVIEW_ITEMS = 1000;

export function registerContentRoutes(app: FastifyInstance, deps: ContentRoutesDeps): void {
  const { store, site } = deps;

  app.get<{ Params: { collectionId: string } }>(
    "/api/collections/:collectionId/items",
    { preHandler: requireOwner },
    async (request) => {
      const { collectionId } = request.params;
      if (!store.hasCollection(collectionId))
        throw new ApiError("COLLECTION_NOT_FOUND", [collectionId]);
      const items = store.query(allItemsQuery(collectionId));
      return { items: items.map((item) => item.data) };
    },
  );

  app.post("/api/preview", { preHandler: requireOwner }, async (request, reply) => {
    const body = bodyObject(request);
    const collectionId = requiredString(body, "collectionId");
    if (!isPageCollection(collectionId)) throw new ApiError("COLLECTION_NOT_FOUND", [collectionId]);
    const items = body.items;
    if (!Array.isArray(items) || items.length > MAX_PREVIEW_ITEMS || !items.every(isPlainObject)) {
      throw validationError([
        violation("items", `must be an array of at most ${MAX_PREVIEW_ITEMS} objects`),
      ]);
    }
    if (site === null) throw new ApiError("ROUTE_NOT_FOUND", [request.method, request.url]);
    let html: string;
    try {
      html = renderPreview(site, store, collectionId, items as ItemData[]);
    } catch (error) {
      request.log.error({ err: error }, "preview renderPage failed");
      throw new ApiError("SITE_RENDER_FAILED");
    }
    return reply.type("text/html; charset=utf-8").send(html);
  });
}
