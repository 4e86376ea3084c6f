/**
 * @module The data-items query routes (POST, or GET with `?.r=`; the call itself is
 * items/query-call.ts) and the SDK calls this store does not offer. Mounted with the other
 * data-items route files by app.ts, behind the caller hook.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { callerOf } from "../../platform/http/caller.ts";
import { getPayload } from "../../platform/http/get-payload.ts";
import type { QueryParams } from "../../platform/http/query-string.ts";
import { type BodyHeaders, sendBody } from "../../platform/http/send-body.ts";
import { type SharedCache, sharedCacheControl } from "../../platform/http/shared-cache.ts";
import type { QueryCall } from "../items/query-call.ts";

const UNSUPPORTED_CALLS = [
  "search",
  "aggregate-pipeline",
  "create-draft",
  "publish-draft",
  "unpublish",
] as const;

// The bytes depend on the credentials (401 without; the role decides what is readable), so caches
// must revalidate: the ETag makes that a 304 for the GET form.
export const QUERY_HEADERS: BodyHeaders = {
  contentType: "application/json; charset=utf-8",
  cacheControl: "private, no-cache",
  vary: ["Authorization"],
};

/** A member's, the API key's or the owner's answer: theirs alone, never kept by any cache. */
const PER_CALLER_CACHE_CONTROL = "private, no-store";

/**
 * A visitor's GET answer that every caller would get too (no included references that other
 * roles see more of): shared caches may keep it for everyone, so it varies by coding only.
 */
const sharedQueryHeaders = (sharedCache: SharedCache | null): BodyHeaders | null =>
  sharedCache === null
    ? null
    : { ...QUERY_HEADERS, cacheControl: sharedCacheControl(sharedCache, ""), vary: [] };

export function registerItemQueryRoutes(
  app: FastifyInstance,
  queries: QueryCall,
  sharedCache: SharedCache | null = null,
): void {
  const shared = sharedQueryHeaders(sharedCache);

  function answerQuery(request: FastifyRequest, reply: FastifyReply, body: unknown) {
    const caller = callerOf(request);
    const parsed = queries.parseBody(body);
    if (caller.role !== "visitor") {
      reply.header("cache-control", PER_CALLER_CACHE_CONTROL);
      return queries.answer(parsed, caller);
    }
    const answer = queries.visitorAnswer(parsed, caller);
    const sharable =
      shared !== null && request.method === "GET" && queries.sameForEveryCaller(parsed);
    return sendBody(request, reply, answer, sharable ? shared : QUERY_HEADERS);
  }

  app.post("/items/query", async (request, reply) => answerQuery(request, reply, request.body));

  app.get("/items/query", async (request, reply) => {
    const payload = getPayload(request.query as QueryParams, {
      strings: ["dataCollectionId", "language"],
      booleans: ["returnTotalCount", "consistentRead"],
    });
    return answerQuery(request, reply, payload);
  });

  // Calls of the installed SDK that this store does not offer (docs/protocol.md §2.1): a plain 404,
  // not a get of an item named "search".
  for (const call of UNSUPPORTED_CALLS) {
    app.post(`/items/${call}`, async (request) => {
      throw new ApiError("ROUTE_NOT_FOUND", [request.method, request.url.split("?")[0] ?? ""]);
    });
  }
}
