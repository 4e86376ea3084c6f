import { isHttpError } from "./errors.ts";
import type { DataItemInput, DataItemWithId } from "./item-types.ts";

/** Application error code of a missing item (protocol 5.1). */
export const ITEM_MISSING_CODE = "WDE0073";

/** Resolves with `null` instead of rejecting when the store reports the item missing (`WDE0073`), like the SDK. */
export async function nullWhenMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isHttpError(error) && error.code === ITEM_MISSING_CODE) return null;
    throw error;
  }
}

/** The wire form of an item to write: `id` from `id` or `data._id`, left out when neither is set (protocol 2.5). */
export function toWireItem<T>(input: DataItemInput<T> | DataItemWithId<T>): {
  id?: string;
  data: unknown;
} {
  const id = input.id ?? input.data._id;
  return id === undefined ? { data: input.data } : { id, data: input.data };
}
