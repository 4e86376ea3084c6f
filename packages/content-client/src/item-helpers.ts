import { isHttpError, StoreErrorCode } from "./errors.ts";
import type { DataItemInput, DataItemWithId, Item } from "./item-types.ts";
import { isDataItemShape, readField } from "./read-response.ts";
import type { JsonResponse } from "./request.ts";
import type { CursorPaging, Paging } from "./types.ts";

/** Page size of list calls sent without paging, like the SDK. */
const DEFAULT_LIMIT = 50;

/** Resolves with `null` instead of rejecting when the store reports the item missing (`WDE0073`), like the SDK. */
export async function nullWhenMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isHttpError(error) && error.code === StoreErrorCode.ITEM_NOT_FOUND) return null;
    throw error;
  }
}

/** The wire form of an item to write: `id` from `id` or `data._id`, left out when neither is set (docs/protocol.md §2.5). */
export function toWireItem<T>(input: DataItemInput<T> | DataItemWithId<T>): {
  id?: string;
  data: unknown;
} {
  const id = input.id ?? input.data._id;
  return id === undefined ? { data: input.data } : { id, data: input.data };
}

/** Reads the item's data object of a single-item answer `{"dataItem": {"id", "data"}}`. */
export function readItem<T>(response: JsonResponse): Item<T> {
  return readField(response, "dataItem", isDataItemShape, '{"dataItem": {"id", "data": {...}}}')
    .data as Item<T>;
}

/** The offset paging to send: limit 50 and offset 0 unless given; left as is with cursor paging. */
export function offsetPagingOrDefault(request: { paging?: Paging; cursorPaging?: CursorPaging }) {
  const { paging, cursorPaging } = request;
  return cursorPaging
    ? paging
    : { limit: paging?.limit ?? DEFAULT_LIMIT, offset: paging?.offset ?? 0 };
}
