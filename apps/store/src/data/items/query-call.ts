/**
 * @module The data-items query call (docs/protocol.md §2.3), shared by its routes (POST, GET
 * `?.r=`, both route generations) and the visitor fast path (routes/visitor-query-fast-path.ts):
 * validation memoised per distinct request, the permission check, the SQL and the paging.
 *
 * Anonymous visitors all see the same answer, so theirs is serialised once per content version
 * and sent as bytes; other callers' answers are computed each time. A cached answer was computed
 * after the permission check, under a content version that any permission change bumps
 * (migration 0051), so the check would pass again and is skipped on a hit.
 */
import secureJson from "secure-json-parse";
import type { Caller } from "../../platform/http/caller.ts";
import type { CompressedBody } from "../../platform/http/compressed-body.ts";
import { memoizeByJson, memoizeByText } from "../../platform/http/json-memo.ts";
import { createQueryResponseCache } from "../../platform/http/query-response-cache.ts";
import { encodeCursor } from "../../platform/query/cursor.ts";
import { parseQueryRequest, type ResolvedQuery } from "../../platform/query/parse-query.ts";
import { queryCacheKey } from "../../platform/query/query-cache-key.ts";
import type { FilterNode } from "../../platform/query/types.ts";
import { withinScope } from "../access/member-share.ts";
import { type Include, readIncludes, withReferences } from "./include-references.ts";
import { type ItemsRouteDeps, toDataItem } from "./items-deps.ts";
import { pagingMetadata } from "./paged-call.ts";

export type ParsedQuery = { query: ResolvedQuery; includes: Include[]; visitorKey: string };

// Roles decide reads, not ids: one visitor stands for all.
const ANY_VISITOR: Caller = { role: "visitor", id: "" };

export type QueryCall = ReturnType<typeof createQueryCall>;

// Fastify's own JSON body parsing: `__proto__` and `constructor.prototype` keys are refused.
const JSON_BODY_OPTIONS = { protoAction: "error", constructorAction: "error" } as const;

export function createQueryCall(deps: ItemsRouteDeps) {
  const { store, access, cursorKey, references } = deps;
  const responses = createQueryResponseCache(store);

  function parse(body: unknown): ParsedQuery {
    const query = parseQueryRequest(body, cursorKey);
    const includes = readIncludes(body as Record<string, unknown>);
    return { query, includes, visitorKey: queryCacheKey(query, "visitor", includes) };
  }

  function run({ query, includes }: ParsedQuery, caller: Caller, scope: FilterNode | null) {
    const filter = withinScope(query.filter, scope);
    const rows = store.query({
      collectionId: query.collectionId,
      filter,
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
        toDataItem(withReferences(item, includes, caller, deps), query.fields),
      ),
      pagingMetadata: pagingMetadata(
        query,
        {
          count: page.length,
          hasNext,
          ...(query.returnTotalCount ? { total: store.count(query.collectionId, filter) } : {}),
        },
        query.paging === "cursor" ? cursorAt : null,
      ),
    };
  }

  function authorizedRun(parsed: ParsedQuery, caller: Caller) {
    return run(parsed, caller, access.readScope(caller, parsed.query.collectionId));
  }

  return {
    /** Validates a parsed request body. @throws ApiError as the protocol describes. */
    parseBody: memoizeByJson(parse),
    /** Parses and validates a body's JSON text. @throws as `parseBody`, or on bad JSON. */
    parseText: memoizeByText((text) => parse(secureJson.parse(text, JSON_BODY_OPTIONS))),
    /** An answer for any caller but an anonymous visitor. */
    answer: authorizedRun,
    /**
     * True when a visitor's answer is what any caller would get: a visitor reads only collections
     * anyone reads, so only included references that a visitor may not read make it differ.
     */
    sameForEveryCaller({ query, includes }: ParsedQuery): boolean {
      return includes.every(({ field }) =>
        access.can(ANY_VISITOR, references.referencedCollection(query.collectionId, field), "read"),
      );
    },
    /** An anonymous visitor's answer: the same bytes for every visitor until the content changes. */
    visitorAnswer(parsed: ParsedQuery, caller: Caller): CompressedBody {
      return responses.get(parsed.visitorKey, () => authorizedRun(parsed, caller));
    },
  };
}
