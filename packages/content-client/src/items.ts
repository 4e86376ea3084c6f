import type { VisitorTokens } from "./auth/visitor-tokens.ts";
import { reviveDate, stringifyWithDates } from "./dates.ts";
import { isHttpError, ResponseShapeError } from "./errors.ts";
import { isRecord } from "./is-record.ts";
import type { JsonRequest, JsonResponse, SendJson } from "./request.ts";
import type {
  DataItem,
  PagingMetadata,
  QueryDataItemsRequest,
  QueryResult,
  SystemFields,
} from "./types.ts";

/** Data-item calls, as exposed on `client.items`. */
export interface ItemsApi {
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
}

const DEFAULT_LIMIT = 50;

/** Creates the items API on top of the transport and the token lifecycle. */
export function createItemsApi(send: SendJson, tokens: VisitorTokens): ItemsApi {
  // A store can reject a token our clock still deems valid (revoked, or signed with a rotated key):
  // forget it and retry once with a new one instead of failing until it expires.
  async function sendAuthorized(request: JsonRequest): Promise<JsonResponse> {
    const token = await tokens.getAccessToken();
    try {
      return await send({ ...request, headers: { Authorization: token } });
    } catch (error) {
      if (!isHttpError(error) || error.status !== 401) throw error;
      tokens.invalidate(token);
      const retryToken = await tokens.getAccessToken();
      return send({ ...request, headers: { Authorization: retryToken } });
    }
  }

  return {
    async query<T>(request: QueryDataItemsRequest): Promise<QueryResult<T>> {
      const { dataCollectionId, query = {}, returnTotalCount, consistentRead } = request;
      const paging = query.cursorPaging
        ? query.paging
        : { limit: query.paging?.limit ?? DEFAULT_LIMIT, offset: query.paging?.offset ?? 0 };
      const body = {
        dataCollectionId,
        query: { ...query, paging },
        returnTotalCount,
        consistentRead,
      };
      const response = await sendAuthorized({
        method: "POST",
        path: "/wix-data/v2/items/query",
        body: stringifyWithDates(body),
        reviver: reviveDate,
      });
      return readQueryResult<T>(response);
    },
  };
}

function readQueryResult<T>({ body, request }: JsonResponse): QueryResult<T> {
  const dataItems = isRecord(body) ? body.dataItems : undefined;
  const pagingMetadata = isRecord(body) ? body.pagingMetadata : undefined;
  if (!Array.isArray(dataItems) || !dataItems.every(isDataItem) || !isRecord(pagingMetadata)) {
    throw new ResponseShapeError(
      request,
      '{"dataItems": [{"id", "data": {...}}], "pagingMetadata": {...}}',
      body,
    );
  }
  const typedItems = dataItems as DataItem<T>[];
  return {
    items: typedItems.map((item) => item.data),
    dataItems: typedItems,
    pagingMetadata: pagingMetadata as PagingMetadata,
  };
}

function isDataItem(value: unknown): value is { data: SystemFields } {
  return isRecord(value) && isRecord(value.data);
}
