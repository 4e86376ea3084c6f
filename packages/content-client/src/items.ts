import type { ItemCalls } from "./item-calls.ts";
import { type BulkApi, createBulkApi } from "./items-bulk.ts";
import { createReadApi, type ReadApi } from "./items-read.ts";
import { createReferencesApi, type ReferencesApi } from "./items-references.ts";
import { createWriteApi, type WriteApi } from "./items-write.ts";

/**
 * Every data-items call, as exposed on `client.items`, under the public paths `/wix-data/v2/...`.
 * Requests use the protocol's field names; every `Date` is sent as `{"$date": iso}` and every
 * `{"$date": iso}` in an answer comes back as a `Date`.
 */
export interface ItemsApi extends ReadApi, WriteApi, BulkApi, ReferencesApi {}

/** Creates the items API on top of the authorized data-items calls. */
export function createItemsApi(calls: ItemCalls): ItemsApi {
  return {
    ...createReadApi(calls),
    ...createWriteApi(calls),
    ...createBulkApi(calls),
    ...createReferencesApi(calls),
  };
}
