import type { Filter, SystemFields } from "./types.ts";

/** An item's data object as the store returns it: the caller's fields plus the system fields. */
export type Item<T = Record<string, unknown>> = T & SystemFields;

/**
 * An item to write: its data, and its id as `id` or `data._id` (the client copies `data._id` into
 * `id` like the SDK). Without either, insert and save let the store generate the id.
 */
export interface DataItemInput<T = Record<string, unknown>> {
  /** The item id; defaults to `data._id`. */
  id?: string;
  /** The fields to store; system fields other than `_id` are ignored by the store. */
  data: T & { _id?: string };
}

/** An item to update: the id must be given, as `id` or `data._id`. */
export type DataItemWithId<T = Record<string, unknown>> =
  | { id: string; data: T & { _id?: string } }
  | { id?: string; data: T & { _id: string } };

/** Options of the calls that read. */
export interface ReadOptions {
  /** Read from the primary, so a write made just before is seen. */
  consistentRead?: boolean;
  /** BCP-47 language of translatable content. */
  language?: string;
}

/** A guard on a write: it applies only if the stored item matches `filter`. */
export interface WriteCondition {
  filter: Filter;
}

/** The request of `items.insert` (docs/protocol.md §2.5). */
export interface InsertDataItemRequest<T = Record<string, unknown>> {
  dataCollectionId: string;
  dataItem: DataItemInput<T>;
}

/** The request of `items.update`: replaces the stored data entirely (docs/protocol.md §2.5). */
export interface UpdateDataItemRequest<T = Record<string, unknown>> {
  dataCollectionId: string;
  dataItem: DataItemWithId<T>;
  /** Update only if the stored item matches. */
  condition?: WriteCondition;
}

/** The request of `items.save`: insert, or replace when the id exists (docs/protocol.md §2.5). */
export interface SaveDataItemRequest<T = Record<string, unknown>> {
  dataCollectionId: string;
  dataItem: DataItemInput<T>;
}

/** What `items.save` did. */
export type SaveAction = "INSERTED" | "UPDATED" | "UNKNOWN_ACTION";

/** The result of `items.save`. */
export interface SaveResult<T = Record<string, unknown>> {
  /** Whether the item was inserted or updated. */
  action: SaveAction;
  /** The stored item's data object. */
  item: Item<T>;
}

/** A referenced field to resolve in a read, and at most how many items of it. */
export interface IncludeReference {
  field: string;
  limit?: number;
}

/** The request of `items.get` (docs/protocol.md §2.4). */
export interface GetDataItemRequest extends ReadOptions {
  dataCollectionId: string;
  dataItemId: string;
  /** Fields to return (`_id` always comes back); omitted or empty returns all fields. */
  fields?: string[];
  /** Reference fields to resolve; sends the request in its `.r` form. */
  includeReferences?: IncludeReference[];
}

/** The request of `items.remove` (docs/protocol.md §2.6). */
export interface RemoveDataItemRequest {
  dataCollectionId: string;
  dataItemId: string;
  /** Remove only if the stored item matches. */
  condition?: WriteCondition;
}

/** The request of `items.truncate`: removes every item of the collection. */
export interface TruncateDataItemsRequest {
  dataCollectionId: string;
}
