import { isRecord } from "./is-record.ts";
import type { ItemCalls } from "./item-calls.ts";
import { offsetPagingOrDefault } from "./item-helpers.ts";
import { readBulkResult } from "./items-bulk.ts";
import {
  isArrayOf,
  isBoolean,
  readField,
  readFieldOr,
  readPagingMetadata,
} from "./read-response.ts";
import type {
  BulkReferenceResult,
  BulkReferencesRequest,
  BulkReferencesResult,
  DataItemReference,
  DataItemReferenceRequest,
  IsReferencedRequest,
  QueryReferencedRequest,
  QueryReferencedResult,
  ReferencedResult,
  ReplaceReferencesRequest,
} from "./reference-types.ts";

/** The reference calls (docs/protocol.md §2.10): links from an item's reference field to others. */
export interface ReferencesApi {
  /**
   * Lists the items a reference field points to; without paging the first 50 are returned.
   *
   * @throws {HttpError} when the store refuses the call.
   * @example
   * ```ts
   * const { items } = await client.items.queryReferenced({
   *   dataCollectionId: "Services",
   *   referringItemId: "s1",
   *   referringItemFieldName: "clients",
   * });
   * ```
   */
  queryReferenced<T = Record<string, unknown>>(
    request: QueryReferencedRequest,
  ): Promise<QueryReferencedResult<T>>;
  /**
   * Tells whether the referring item's field references the other item.
   *
   * @throws {HttpError} when the store refuses the call.
   */
  isReferenced(request: IsReferencedRequest): Promise<boolean>;
  /**
   * Adds one reference (`POST /wix-data/v2/items/insert-reference`) and resolves with it.
   *
   * @throws {HttpError} when the store refuses the call.
   */
  insertReference(request: DataItemReferenceRequest): Promise<DataItemReference>;
  /**
   * Removes one reference (`POST /wix-data/v2/items/remove-reference`) and resolves with it.
   *
   * @throws {HttpError} when the store refuses the call.
   */
  removeReference(request: DataItemReferenceRequest): Promise<DataItemReference>;
  /**
   * Makes the referring item's field reference exactly the given ids and resolves with the new references.
   *
   * @throws {HttpError} when the store refuses the call.
   */
  replaceReferences(request: ReplaceReferencesRequest): Promise<DataItemReference[]>;
  /**
   * Adds several references; each element's outcome is in its result.
   *
   * @throws {HttpError} when the whole call is refused.
   */
  bulkInsertReferences(request: BulkReferencesRequest): Promise<BulkReferencesResult>;
  /**
   * Removes several references; each element's outcome is in its result.
   *
   * @throws {HttpError} when the whole call is refused.
   */
  bulkRemoveReferences(request: BulkReferencesRequest): Promise<BulkReferencesResult>;
}

const isReference = (value: unknown): value is DataItemReference =>
  isRecord(value) &&
  typeof value.referringItemId === "string" &&
  typeof value.referencedItemId === "string";
const isReferenceResult = (value: unknown) => isRecord(value) && isRecord(value.referenceMetadata);
const BULK_EXPECTED = '{"results": [{"action", "referenceMetadata"}], "bulkActionMetadata": {...}}';

/** Creates the reference calls. */
export function createReferencesApi(calls: ItemCalls): ReferencesApi {
  async function single(path: string, request: DataItemReferenceRequest) {
    const response = await calls.post(path, request);
    return readField(response, "dataItemReference", isReference, '{"dataItemReference": {...}}');
  }

  async function bulk(path: string, request: BulkReferencesRequest): Promise<BulkReferencesResult> {
    return readBulkResult<BulkReferenceResult>(
      await calls.post(path, request),
      isReferenceResult,
      BULK_EXPECTED,
    );
  }

  return {
    async queryReferenced<T>(request: QueryReferencedRequest) {
      const response = await calls.post("/items/query-referenced", {
        ...request,
        paging: offsetPagingOrDefault(request),
      });
      const results = readField(
        response,
        "results",
        isArrayOf(isRecord),
        '{"results": [{"dataItem"} | {"unresolvedReference"}], "pagingMetadata"}',
      ) as ReferencedResult<T>[];
      const pagingMetadata = readPagingMetadata(response);
      const items = results.flatMap((result) =>
        isRecord(result.dataItem?.data) ? [result.dataItem.data] : [],
      );
      return { items, results, pagingMetadata };
    },

    async isReferenced(request) {
      const response = await calls.post("/items/is-referenced", request);
      return readFieldOr(response, "isReferenced", isBoolean, false, '{"isReferenced": boolean}');
    },

    insertReference: (request) => single("/items/insert-reference", request),
    removeReference: (request) => single("/items/remove-reference", request),

    async replaceReferences(request) {
      const response = await calls.post("/items/replace-references", request);
      return readField(
        response,
        "dataItemReferences",
        isArrayOf(isReference),
        '{"dataItemReferences": [...]}',
      );
    },

    bulkInsertReferences: (request) => bulk("/bulk/items/insert-references", request),
    bulkRemoveReferences: (request) => bulk("/bulk/items/remove-references", request),
  };
}
