import type { ItemCalls } from "./item-calls.ts";
import { nullWhenMissing, readItem, toWireItem } from "./item-helpers.ts";
import type {
  InsertDataItemRequest,
  Item,
  RemoveDataItemRequest,
  SaveAction,
  SaveDataItemRequest,
  SaveResult,
  TruncateDataItemsRequest,
  UpdateDataItemRequest,
} from "./item-types.ts";
import { readField } from "./read-response.ts";

/** The data-item calls that write one item, or empty a collection; they need write permission (an API key for the content collections). */
export interface WriteApi {
  /**
   * Inserts a new item; the store generates the id when neither `dataItem.id` nor `data._id` is set.
   *
   * @returns the stored data object, with `_id`, `_createdDate` and `_updatedDate`.
   * @throws {HttpError} with code `WDE0074` when the id exists, or when writing is not allowed.
   * @example
   * ```ts
   * const item = await client.items.insert({ dataCollectionId: "Clients", dataItem: { data: { itemData: "A line" } } });
   * ```
   */
  insert<T = Record<string, unknown>>(request: InsertDataItemRequest<T>): Promise<Item<T>>;
  /**
   * Replaces an existing item's data entirely (sent as `POST /wix-data/v2/items/update`).
   *
   * @returns the stored data object, `_updatedDate` bumped.
   * @throws {HttpError} with code `WDE0073` when the item is missing, or when `condition` does not match.
   */
  update<T = Record<string, unknown>>(request: UpdateDataItemRequest<T>): Promise<Item<T>>;
  /**
   * Inserts the item, or replaces it when its id exists.
   *
   * @returns what was done (`INSERTED` or `UPDATED`) and the stored data object.
   * @throws {HttpError} when the store refuses the call.
   */
  save<T = Record<string, unknown>>(request: SaveDataItemRequest<T>): Promise<SaveResult<T>>;
  /**
   * Removes one item (sent as `POST /wix-data/v2/items/remove`) and resolves with its last data,
   * or with `null` when the store reports it missing (`WDE0073`), like the SDK.
   *
   * @throws {HttpError} for any other refusal, including a `condition` that does not match.
   */
  remove<T = Record<string, unknown>>(request: RemoveDataItemRequest): Promise<Item<T> | null>;
  /**
   * Removes every item of a collection.
   *
   * @throws {HttpError} when the store refuses the call.
   */
  truncate(request: TruncateDataItemsRequest): Promise<void>;
}

const SAVE_ACTIONS: ReadonlySet<unknown> = new Set<SaveAction>([
  "INSERTED",
  "UPDATED",
  "UNKNOWN_ACTION",
]);
const isSaveAction = (value: unknown): value is SaveAction => SAVE_ACTIONS.has(value);

/** Creates the single-item write calls. */
export function createWriteApi(calls: ItemCalls): WriteApi {
  return {
    async insert<T>({ dataItem, ...rest }: InsertDataItemRequest<T>) {
      return readItem<T>(await calls.post("/items", { ...rest, dataItem: toWireItem(dataItem) }));
    },

    async update<T>({ dataItem, ...rest }: UpdateDataItemRequest<T>) {
      return readItem<T>(
        await calls.post("/items/update", { ...rest, dataItem: toWireItem(dataItem) }),
      );
    },

    async save<T>({ dataItem, ...rest }: SaveDataItemRequest<T>) {
      const response = await calls.post("/items/save", { ...rest, dataItem: toWireItem(dataItem) });
      const action = readField(
        response,
        "action",
        isSaveAction,
        '{"action": "INSERTED" | "UPDATED"}',
      );
      return { action, item: readItem<T>(response) };
    },

    remove<T>(request: RemoveDataItemRequest) {
      return nullWhenMissing(calls.post("/items/remove", request).then(readItem<T>));
    },

    async truncate(request) {
      await calls.post("/items/truncate", request);
    },
  };
}
