import type { DataItemInput, DataItemWithId } from "./item-types.ts";
import type { DataItem } from "./types.ts";

/** The kind of change one bulk result reports. */
export type BulkActionType = "INSERT" | "UPDATE" | "DELETE" | "PATCH" | "UNKNOWN_ACTION_TYPE";

/** An application error of one element of a bulk call (e.g. `WDE0074` duplicate, `WDE0073` missing). */
export interface BulkItemError {
  code: string;
  description?: string;
  data?: unknown;
}

/** Outcome of one element of a bulk call. */
export interface ItemMetadata {
  /** The item id, when known. */
  id?: string;
  /** The element's index in the request. */
  originalIndex: number;
  success: boolean;
  /** Why the element failed. */
  error?: BulkItemError;
}

/** Success and failure totals of a bulk call. */
export interface BulkActionMetadata {
  totalSuccesses: number;
  totalFailures: number;
}

/** One element of a bulk item call's result. */
export interface BulkDataItemResult<T = Record<string, unknown>> {
  action: BulkActionType;
  itemMetadata: ItemMetadata;
  /** The stored item, when the request asked for `returnEntity`. */
  dataItem?: DataItem<T>;
}

/** The result of the bulk item calls (docs/protocol.md §2.9): each element's outcome, in order. */
export interface BulkDataItemsResult<T = Record<string, unknown>> {
  results: BulkDataItemResult<T>[];
  bulkActionMetadata: BulkActionMetadata;
}

/** The request of `items.bulkInsert` and `items.bulkSave` (at most 1000 items). */
export interface BulkWriteDataItemsRequest<T = Record<string, unknown>> {
  dataCollectionId: string;
  dataItems: DataItemInput<T>[];
  /** Include each stored item in its result. */
  returnEntity?: boolean;
}

/** The request of `items.bulkUpdate` (at most 1000 items, each with an id). */
export interface BulkUpdateDataItemsRequest<T = Record<string, unknown>> {
  dataCollectionId: string;
  dataItems: DataItemWithId<T>[];
  /** Include each stored item in its result. */
  returnEntity?: boolean;
}

/** The request of `items.bulkRemove` (at most 1000 ids). */
export interface BulkRemoveDataItemsRequest {
  dataCollectionId: string;
  dataItemIds: string[];
}
