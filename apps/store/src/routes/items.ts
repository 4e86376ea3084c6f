/**
 * @module Data items v2 (protocol.md §2): every call, mounted under `/wix-data/v2` and the
 * service-path alias `/v2`. Every request first resolves its caller (401 without valid
 * credentials); each handler validates its input, then asks the one permission check.
 * This file has the query call (POST, or GET with `?.r=`); the others live beside it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Caller, type CallerDeps, callerOf, requireCaller } from "../auth/caller.ts";
import { ApiError } from "../errors.ts";
import { getPayload } from "../http/get-payload.ts";
import { memoizeByJson } from "../http/json-memo.ts";
import { createQueryResponseCache } from "../http/query-response-cache.ts";
import type { QueryParams } from "../http/query-string.ts";
import { type BodyHeaders, sendBody } from "../http/send-body.ts";
import { type Include, readIncludes, withReferences } from "../items/include-references.ts";
import { pagingMetadata } from "../items/paged-call.ts";
import { encodeCursor } from "../query/cursor.ts";
import { parseQueryRequest, type ResolvedQuery } from "../query/parse-query.ts";
import { queryCacheKey } from "../query/query-cache-key.ts";
import { registerBulkItemRoutes } from "./items-bulk.ts";
import { type ItemsRouteDeps, toDataItem } from "./items-deps.ts";
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

export type ItemsRoutesOptions = ItemsRouteDeps & { caller: CallerDeps };

// The bytes depend on the credentials (401 without; the role decides what is readable), so caches
// must revalidate: the ETag makes that a 304 for the GET form.
const QUERY_HEADERS: BodyHeaders = {
  contentType: "application/json; charset=utf-8",
  cacheControl: "private, no-cache",
  vary: ["Authorization"],
};

export async function itemsRoutes(
  app: FastifyInstance,
  options: ItemsRoutesOptions,
): Promise<void> {
  const { store, access, cursorKey } = options;
  app.addHook("onRequest", requireCaller(options.caller));
  const responses = createQueryResponseCache(store);

  // Validation is a pure function of the body: repeated requests (the page's five) skip it,
  // and the cache key of a visitor's answer is worked out once with it.
  const parseQuery = memoizeByJson((body) => {
    const query = parseQueryRequest(body, cursorKey);
    const includes = readIncludes(body as Record<string, unknown>);
    return { query, includes, visitorKey: queryCacheKey(query, "visitor", includes) };
  });

  /**
   * Anonymous visitors all see the same answer, so theirs is serialised once per content
   * version and sent as bytes; other callers' answers are computed each time. A cached answer
   * was computed after the permission check, under a content version that any permission
   * change bumps (migration 0051), so the check would pass again and is skipped on a hit.
   */
  function answerQuery(request: FastifyRequest, reply: FastifyReply, body: unknown) {
    const caller = callerOf(request);
    const { query, includes, visitorKey } = parseQuery(body);
    const authorizedRun = () => {
      access.authorize(caller, query.collectionId, "read");
      return runQuery(query, includes, caller);
    };
    if (caller.role !== "visitor") return authorizedRun();
    return sendBody(request, reply, responses.get(visitorKey, authorizedRun), QUERY_HEADERS);
  }

  function runQuery(query: ResolvedQuery, includes: Include[], caller: Caller) {
    const rows = store.query({
      collectionId: query.collectionId,
      filter: query.filter,
      sort: query.sort,
      offset: query.offset,
      limit: query.limit + 1,
    });
    const hasNext = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    const cursorAt = (offset: number) =>
      encodeCursor(
        {
          collectionId: query.collectionId,
          filter: query.rawFilter,
          sort: query.rawSort,
          offset,
          limit: query.limit,
        },
        cursorKey,
      );
    return {
      dataItems: page.map((item) =>
        toDataItem(withReferences(item, includes, caller, options), query.fields),
      ),
      pagingMetadata: pagingMetadata(
        query,
        {
          count: page.length,
          hasNext,
          ...(query.returnTotalCount
            ? { total: store.count(query.collectionId, query.filter) }
            : {}),
        },
        query.paging === "cursor" ? cursorAt : null,
      ),
    };
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
