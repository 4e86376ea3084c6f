/**
 * @module Data items v2 (protocol.md §2): every call, mounted under `/wix-data/v2` and the
 * service-path alias `/v2`. Every request first resolves its caller (401 without valid
 * credentials); each handler validates its input, then asks the one permission check.
 * This file has the query routes (POST, or GET with `?.r=`; the call itself is query-call.ts);
 * the others live beside it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type CallerDeps, callerOf, requireCaller } from "../auth/caller.ts";
import { ApiError } from "../errors.ts";
import { getPayload } from "../http/get-payload.ts";
import type { QueryParams } from "../http/query-string.ts";
import { type BodyHeaders, sendBody } from "../http/send-body.ts";
import type { ItemsRouteDeps } from "../items/items-deps.ts";
import type { QueryCall } from "../items/query-call.ts";
import { registerBulkItemRoutes } from "./items-bulk.ts";
import { registerItemReadRoutes } from "./items-read.ts";
import { registerReferenceRoutes } from "./items-references.ts";
import { registerItemWriteRoutes } from "./items-write.ts";

const UNSUPPORTED_CALLS = [
  "search",
  "aggregate-pipeline",
  "create-draft",
  "publish-draft",
  "unpublish",
] as const;

export type ItemsRoutesOptions = ItemsRouteDeps & { caller: CallerDeps; queries: QueryCall };

// The bytes depend on the credentials (401 without; the role decides what is readable), so caches
// must revalidate: the ETag makes that a 304 for the GET form.
export const QUERY_HEADERS: BodyHeaders = {
  contentType: "application/json; charset=utf-8",
  cacheControl: "private, no-cache",
  vary: ["Authorization"],
};

export async function itemsRoutes(
  app: FastifyInstance,
  options: ItemsRoutesOptions,
): Promise<void> {
  const { queries } = options;
  app.addHook("onRequest", requireCaller(options.caller));

  function answerQuery(request: FastifyRequest, reply: FastifyReply, body: unknown) {
    const caller = callerOf(request);
    const parsed = queries.parseBody(body);
    if (caller.role !== "visitor") return queries.answer(parsed, caller);
    return sendBody(request, reply, queries.visitorAnswer(parsed, caller), QUERY_HEADERS);
  }

  app.post("/items/query", async (request, reply) => answerQuery(request, reply, request.body));

  app.get("/items/query", async (request, reply) => {
    const payload = getPayload(request.query as QueryParams, {
      strings: ["dataCollectionId", "language"],
      booleans: ["returnTotalCount", "consistentRead"],
    });
    return answerQuery(request, reply, payload);
  });

  // Calls of the installed SDK that this store does not offer (protocol.md §2.1): a plain 404,
  // not a get of an item named "search".
  for (const call of UNSUPPORTED_CALLS) {
    app.post(`/items/${call}`, async (request) => {
      throw new ApiError("ROUTE_NOT_FOUND", [request.method, request.url.split("?")[0] ?? ""]);
    });
  }

  registerItemReadRoutes(app, options);
  registerItemWriteRoutes(app, options);
  registerBulkItemRoutes(app, options);
  registerReferenceRoutes(app, options);
}
