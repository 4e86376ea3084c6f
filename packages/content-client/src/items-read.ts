import type {
  AggregateDataItemsRequest,
  AggregateResult,
  CountDataItemsRequest,
  DistinctValuesResult,
  QueryDistinctValuesRequest,
} from "./aggregate-types.ts";
import { isRecord } from "./is-record.ts";
import type { ItemCalls } from "./item-calls.ts";
import { nullWhenMissing, offsetPagingOrDefault, readItem } from "./item-helpers.ts";
import type { GetDataItemRequest, Item } from "./item-types.ts";
import {
  isArrayOf,
  isDataItemShape,
  isNumber,
  readField,
  readFieldOr,
  readPagingMetadata,
} from "./read-response.ts";
import type { DataItem, QueryDataItemsRequest, QueryResult } from "./types.ts";

/** The data-item calls that read. */
export interface ReadApi {
  /**
   * Queries one collection; without `paging` or `cursorPaging` the first 50 items are returned.
   *
   * @throws {HttpError} when the store answers with a status other than 200.
   * @throws {NetworkError} or {TimeoutError} when the store cannot be reached in time.
   * @throws {ResponseShapeError} when the 200 body has no `dataItems` array or `pagingMetadata`.
   * @example
   * ```ts
   * const { items } = await client.items.query<{ title_fld: string; data: string }>({
   *   dataCollectionId: "HomePage",
   *   query: { filter: { title_fld: "MainTitle" } },
   * });
   * ```
   */
  query<T = Record<string, unknown>>(request: QueryDataItemsRequest): Promise<QueryResult<T>>;
  /**
   * Reads one item by id, or resolves with `null` when the store reports it missing (`WDE0073`),
   * like the SDK. Sent as `GET /wix-data/v2/items/{id}` with flat query parameters, as `?.r=` when
   * `includeReferences` is given, and as a POST of the JSON payload when the query string would
   * exceed 4000 characters.
   *
   * @throws {HttpError} for any other refusal (unknown collection, no read permission, ...).
   * @example
   * ```ts
   * const about = await client.items.get({ dataCollectionId: "About", dataItemId: "a1", consistentRead: true });
   * if (about === null) showEmptyState();
   * ```
   */
  get<T = Record<string, unknown>>(request: GetDataItemRequest): Promise<Item<T> | null>;
  /**
   * Counts the items matching a filter (all items without one).
   *
   * @throws {HttpError} when the store refuses the call.
   */
  count(request: CountDataItemsRequest): Promise<number>;
  /**
   * Lists the distinct values of one field among the matching items.
   *
   * @throws {HttpError} when the store refuses the call.
   * @example
   * ```ts
   * const { distinctValues } = await client.items.queryDistinctValues<string>({ dataCollectionId: "HomePage", fieldName: "title_fld" });
   * ```
   */
  queryDistinctValues<V = unknown>(
    request: QueryDistinctValuesRequest,
  ): Promise<DistinctValuesResult<V>>;
  /**
   * Groups the matching items and computes averages, minimums, maximums, sums or counts per group.
   *
   * @throws {HttpError} when the store refuses the call.
   * @example
   * ```ts
   * const { results } = await client.items.aggregate({
   *   dataCollectionId: "Services",
   *   aggregation: { operations: [{ resultFieldName: "count", itemCount: {} }] },
   * });
   * ```
   */
  aggregate<R = Record<string, unknown>>(
    request: AggregateDataItemsRequest,
  ): Promise<AggregateResult<R>>;
}

/** Creates the read calls. */
export function createReadApi(calls: ItemCalls): ReadApi {
  return {
    async query<T>(request: QueryDataItemsRequest): Promise<QueryResult<T>> {
      const { dataCollectionId, query = {}, returnTotalCount, consistentRead } = request;
      const response = await calls.post("/items/query", {
        dataCollectionId,
        query: { ...query, paging: offsetPagingOrDefault(query) },
        returnTotalCount,
        consistentRead,
      });
      const dataItems = readField(
        response,
        "dataItems",
        isArrayOf(isDataItemShape),
        '{"dataItems": [{"id", "data": {...}}], "pagingMetadata": {...}}',
      ) as DataItem<T>[];
      const pagingMetadata = readPagingMetadata(response);
      return { items: dataItems.map((item) => item.data), dataItems, pagingMetadata };
    },

    get<T>({ dataCollectionId, dataItemId, ...options }: GetDataItemRequest) {
      const path = `/items/${encodeURIComponent(dataItemId)}`;
      // dataItemId is repeated in the query string, as the SDK does; the store ignores it.
      return nullWhenMissing(
        calls.get(path, { dataCollectionId, dataItemId, ...options }).then(readItem<T>),
      );
    },

    async count({ filter = {}, ...rest }) {
      const response = await calls.post("/items/count", { ...rest, filter });
      return readFieldOr(response, "totalCount", isNumber, 0, '{"totalCount": number}');
    },

    async queryDistinctValues<V>({ filter = {}, ...rest }: QueryDistinctValuesRequest) {
      const response = await calls.post("/items/query-distinct-values", { ...rest, filter });
      return {
        distinctValues: readField(
          response,
          "distinctValues",
          Array.isArray,
          '{"distinctValues": [...]}',
        ) as V[],
        pagingMetadata: readPagingMetadata(response),
      };
    },

    async aggregate<R>({ initialFilter = {}, ...rest }: AggregateDataItemsRequest) {
      const response = await calls.post("/items/aggregate", { ...rest, initialFilter });
      return {
        results: readField(response, "results", isArrayOf(isRecord), '{"results": [{...}]}') as R[],
        pagingMetadata: readPagingMetadata(response),
      };
    },
  };
}
