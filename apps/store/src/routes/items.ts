/**
 * @module Data items v2 (protocol.md §2.3): the query call, as POST with a JSON body or as
 * GET with `?.r=`. Mounted under `/wix-data/v2` and the service-path alias `/v2`.
 */
import type { FastifyInstance } from "fastify";
import { requireVisitor } from "../auth/require-visitor.ts";
import type { TokenService } from "../auth/tokens.ts";
import type { ItemsStore } from "../db/items-store.ts";
import { ApiError } from "../errors.ts";
import { decodeDotR } from "../http/dot-r.ts";
import type { QueryParams } from "../http/query-string.ts";
import { encodeCursor } from "../query/cursor.ts";
import { parseQueryRequest, type ResolvedQuery } from "../query/parse-query.ts";
import { project } from "../query/project.ts";

export type ItemsRoutesOptions = { store: ItemsStore; tokens: TokenService; cursorKey: Uint8Array };

type PagingMetadata = {
  count: number;
  offset: number;
  total?: number;
  tooManyToCount: false;
  cursors: { next: string | null; prev: string | null };
  hasNext: boolean;
};

export async function itemsRoutes(
  app: FastifyInstance,
  options: ItemsRoutesOptions,
): Promise<void> {
  const { store, cursorKey } = options;
  app.addHook("onRequest", requireVisitor(options.tokens));

  function runQuery(body: unknown) {
    const query = parseQueryRequest(body, cursorKey);
    if (!store.hasCollection(query.collectionId))
      throw new ApiError("WDE0025", [query.collectionId]);
    const rows = store.query({
      collectionId: query.collectionId,
      filter: query.filter,
      sort: query.sort,
      offset: query.offset,
      limit: query.limit + 1,
    });
    const hasNext = rows.length > query.limit;
    const page = rows.slice(0, query.limit);
    const pagingMetadata: PagingMetadata = {
      count: page.length,
      offset: query.offset,
      ...(query.returnTotalCount ? { total: store.count(query.collectionId, query.filter) } : {}),
      tooManyToCount: false,
      cursors: cursorsFor(query, hasNext),
      hasNext,
    };
    return {
      dataItems: page.map((item) => ({
        id: item.id,
        dataCollectionId: item.collectionId,
        data: project(item.data, query.fields),
      })),
      pagingMetadata,
    };
  }

  function cursorsFor(query: ResolvedQuery, hasNext: boolean): PagingMetadata["cursors"] {
    if (query.paging === "offset") return { next: null, prev: null };
    const at = (offset: number) =>
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
      next: hasNext ? at(query.offset + query.limit) : null,
      prev: query.offset > 0 ? at(Math.max(0, query.offset - query.limit)) : null,
    };
  }

  app.post("/items/query", async (request) => runQuery(request.body));

  app.get("/items/query", async (request) => {
    const params = request.query as QueryParams;
    if (params[".r"] !== undefined) return runQuery(decodeDotR(params[".r"]));
    return runQuery({
      dataCollectionId: params.dataCollectionId,
      returnTotalCount: params.returnTotalCount === "true",
    });
  });
}
