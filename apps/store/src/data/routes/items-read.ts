/**
 * @module Data-items reads besides query (docs/protocol.md §2.4, §2.7, §2.8): get (GET flat or
 * `.r`, or POST with the JSON payload), count, distinct values and aggregate.
 */
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { type Caller, callerOf } from "../../platform/http/caller.ts";
import { getPayload } from "../../platform/http/get-payload.ts";
import type { QueryParams } from "../../platform/http/query-string.ts";
import { compareItems, evaluate } from "../../platform/query/evaluate.ts";
import { parseFieldPath, parseFilter } from "../../platform/query/parse-filter.ts";
import {
  createViolationCollector,
  readBody,
  readCollectionId,
  readFields,
  readItemId,
  readOptionalBoolean,
  readSort,
  readSortOrder,
  toSortSpec,
} from "../../platform/query/request-fields.ts";
import type { FilterNode } from "../../platform/query/types.ts";
import { withinScope } from "../access/member-share.ts";
import { aggregate, expandGroupSort, readAggregation } from "../items/aggregate.ts";
import { distinctValues } from "../items/distinct.ts";
import { readIncludes, withReferences } from "../items/include-references.ts";
import { type ItemsRouteDeps, toDataItem } from "../items/items-deps.ts";
import { pageOf, readPagedCall } from "../items/paged-call.ts";

const MATCH_ALL: FilterNode = { type: "and", nodes: [] };

export function registerItemReadRoutes(app: FastifyInstance, deps: ItemsRouteDeps): void {
  const { store, access, cursorKey } = deps;

  function matching(collectionId: string, filter: FilterNode) {
    return store
      .query({ collectionId, filter, sort: [], offset: 0, limit: null })
      .map((item) => item.data);
  }

  function getItem(caller: Caller, payload: unknown, pathId: string) {
    const body = readBody(payload);
    const { collect, throwIfAny } = createViolationCollector();
    const collectionId = collect("", () => readCollectionId(body.dataCollectionId));
    const id = collect("", () => readItemId(pathId, "dataItemId"));
    const fields = collect([], () => readFields(body.fields, "fields"));
    collect(undefined, () => readOptionalBoolean(body.consistentRead, "consistentRead"));
    const includes = collect([], () => readIncludes(body));
    throwIfAny();
    const scope = access.readScope(caller, collectionId);
    const item = store.getItem(collectionId, id);
    // Outside the member's share it reads as missing: its existence is not theirs to learn.
    if (item === null || (scope !== null && !evaluate(item.data, scope))) {
      throw new ApiError("ITEM_NOT_FOUND", [id, collectionId]);
    }
    return { dataItem: toDataItem(withReferences(item, includes, caller, deps), fields) };
  }

  const GET_SCHEMA = {
    strings: ["dataCollectionId", "language"],
    booleans: ["consistentRead"],
    lists: ["fields", "includeFieldGroups", "includeReferencedItems"],
  };

  app.get<{ Params: { dataItemId: string } }>("/items/:dataItemId", async (request) =>
    getItem(
      callerOf(request),
      getPayload(request.query as QueryParams, GET_SCHEMA),
      request.params.dataItemId,
    ),
  );

  app.post<{ Params: { dataItemId: string } }>("/items/:dataItemId", async (request) =>
    getItem(callerOf(request), request.body, request.params.dataItemId),
  );

  app.post("/items/count", async (request) => {
    const body = readBody(request.body);
    const { collect, throwIfAny } = createViolationCollector();
    const collectionId = collect("", () => readCollectionId(body.dataCollectionId));
    const filter = collect(MATCH_ALL, () => parseFilter(body.filter, "filter"));
    collect(undefined, () => readOptionalBoolean(body.consistentRead, "consistentRead"));
    throwIfAny();
    const scope = access.readScope(callerOf(request), collectionId);
    return { totalCount: store.count(collectionId, withinScope(filter, scope)) };
  });

  app.post("/items/query-distinct-values", async (request) => {
    const body = readBody(request.body);
    const collectionId = readCollectionId(body.dataCollectionId);
    const context = {
      call: "distinct",
      collectionId,
      key: cursorKey,
      carried: ["fieldName", "filter", "order"],
    };
    const call = readPagedCall(body, context);
    const { collect, throwIfAny } = createViolationCollector();
    const path = collect(null, () => parseFieldPath(call.fields.fieldName, "fieldName"));
    const filter = collect(MATCH_ALL, () => parseFilter(call.fields.filter, "filter"));
    const order = collect(undefined, () => readSortOrder(call.fields.order, "order"));
    throwIfAny();
    access.authorize(callerOf(request), collectionId, "read");
    const values = distinctValues(matching(collectionId, filter), path ?? [], order);
    const { page, pagingMetadata } = pageOf(values, call, context);
    return { distinctValues: page, pagingMetadata };
  });

  app.post("/items/aggregate", async (request) => {
    const body = readBody(request.body);
    const collectionId = readCollectionId(body.dataCollectionId);
    const context = {
      call: "aggregate",
      collectionId,
      key: cursorKey,
      carried: ["initialFilter", "aggregation", "finalFilter", "sort"],
    };
    const call = readPagedCall(body, context);
    const { collect, throwIfAny } = createViolationCollector();
    const initialFilter = collect(MATCH_ALL, () =>
      parseFilter(call.fields.initialFilter, "initialFilter"),
    );
    const aggregation = collect(null, () => readAggregation(call.fields.aggregation));
    const finalFilter = collect(MATCH_ALL, () =>
      parseFilter(call.fields.finalFilter, "finalFilter"),
    );
    const sort = collect([], () => toSortSpec(readSort(call.fields.sort, "sort"), "sort"));
    throwIfAny();
    access.authorize(callerOf(request), collectionId, "read");
    const spec = aggregation ?? { groupingFields: [], operations: [] };
    const order = expandGroupSort(sort, spec);
    const results = aggregate(matching(collectionId, initialFilter), spec)
      .filter((result) => evaluate(result, finalFilter))
      .sort((a, b) => compareItems(a, b, order));
    const { page, pagingMetadata } = pageOf(results, call, context);
    return { results: page, pagingMetadata };
  });
}
