import type {
  BulkActionMetadata,
  BulkDataItemsResult,
  BulkRemoveDataItemsRequest,
  BulkUpdateDataItemsRequest,
  BulkWriteDataItemsRequest,
} from "./bulk-types.ts";
import { isRecord } from "./is-record.ts";
import type { ItemCalls } from "./item-calls.ts";
import { toWireItem } from "./item-helpers.ts";
import { isArrayOf, readField } from "./read-response.ts";
import type { JsonResponse } from "./request.ts";

/**
 * The bulk item calls (docs/protocol.md §2.9): at most 1000 elements each; one element's failure (a
 * duplicate id, a missing item) is reported in its result and does not fail the call.
 */
export interface BulkApi {
  /**
   * Inserts several items; an id that exists fails only its element, with code `WDE0074`.
   *
   * @throws {HttpError} when the whole call is refused (no permission, too many items, ...).
   * @example
   * ```ts
   * const { bulkActionMetadata } = await client.items.bulkInsert({
   *   dataCollectionId: "Clients",
   *   dataItems: [{ data: { itemData: "One" } }, { data: { _id: "c2", itemData: "Two" } }],
   * });
   * ```
   */
  bulkInsert<T = Record<string, unknown>>(
    request: BulkWriteDataItemsRequest<T>,
  ): Promise<BulkDataItemsResult<T>>;
  /**
   * Replaces several existing items; a missing id fails only its element, with code `WDE0073`.
   *
   * @throws {HttpError} when the whole call is refused.
   */
  bulkUpdate<T = Record<string, unknown>>(
    request: BulkUpdateDataItemsRequest<T>,
  ): Promise<BulkDataItemsResult<T>>;
  /**
   * Inserts or replaces several items; each result's action is `INSERT` or `UPDATE`.
   *
   * @throws {HttpError} when the whole call is refused.
   */
  bulkSave<T = Record<string, unknown>>(
    request: BulkWriteDataItemsRequest<T>,
  ): Promise<BulkDataItemsResult<T>>;
  /**
   * Removes several items by id; a missing id fails only its element, with code `WDE0073`.
   *
   * @throws {HttpError} when the whole call is refused.
   */
  bulkRemove(request: BulkRemoveDataItemsRequest): Promise<BulkDataItemsResult>;
}

const EXPECTED = '{"results": [{"action", "itemMetadata"}], "bulkActionMetadata": {...}}';
const isResult = (value: unknown) => isRecord(value) && isRecord(value.itemMetadata);
const isMetadata = (value: unknown): value is BulkActionMetadata => isRecord(value);

/** Reads a bulk answer, checking the parts callers rely on. */
export function readBulkResult<R>(
  response: JsonResponse,
  isElement: (value: unknown) => boolean,
  expected: string,
) {
  return {
    results: readField(
      response,
      "results",
      isArrayOf((value): value is R => isElement(value)),
      expected,
    ),
    bulkActionMetadata: readField(response, "bulkActionMetadata", isMetadata, expected),
  };
}

/** Creates the bulk item calls. */
export function createBulkApi(calls: ItemCalls): BulkApi {
  async function write<T>(
    path: string,
    request: BulkWriteDataItemsRequest<T> | BulkUpdateDataItemsRequest<T>,
  ) {
    const { dataItems, ...rest } = request;
    const response = await calls.post(path, { ...rest, dataItems: dataItems.map(toWireItem) });
    return readBulkResult<BulkDataItemsResult<T>["results"][number]>(response, isResult, EXPECTED);
  }

  return {
    bulkInsert: (request) => write("/bulk/items/insert", request),
    bulkUpdate: (request) => write("/bulk/items/update", request),
    bulkSave: (request) => write("/bulk/items/save", request),
    async bulkRemove(request) {
      return readBulkResult(await calls.post("/bulk/items/remove", request), isResult, EXPECTED);
    },
  };
}
