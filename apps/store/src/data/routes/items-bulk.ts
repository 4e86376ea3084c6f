/**
 * @module Bulk item calls (docs/protocol.md §2.9): insert, update, save, remove and patch of up to
 * 1000 items in one transaction. A malformed request is refused whole (400, nothing written);
 * item-level failures (duplicate or missing id, too large, another member's item under
 * SITE_MEMBER_AUTHOR, ...) are reported per item.
 */
import type { FastifyInstance } from "fastify";
import { callerOf } from "../../platform/http/caller.ts";
import {
  createViolationCollector,
  readBody,
  readCollectionId,
  readItemId,
  readOptionalBoolean,
} from "../../platform/query/request-fields.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import {
  type BulkEntryError,
  bulkActionMetadata,
  itemError,
  readBulkList,
} from "../items/bulk-list.ts";
import { readDataItem } from "../items/item-input.ts";
import { type ItemsRouteDeps, toDataItem, type WireDataItem } from "../items/items-deps.ts";
import { readFieldModifications } from "../items/patch.ts";
import type { StoredItem } from "../storage/items-store.ts";

type BulkAction = "INSERT" | "UPDATE" | "DELETE" | "PATCH";

type ItemMetadata = {
  id?: string;
  originalIndex: number;
  success: boolean;
  error?: BulkEntryError;
};

type BulkResult = { action: BulkAction; itemMetadata: ItemMetadata; dataItem?: WireDataItem };

export function registerBulkItemRoutes(app: FastifyInstance, deps: ItemsRouteDeps): void {
  const { store, writer, access } = deps;

  /** Runs each entry's write in one transaction, collecting per-item results. */
  function runBulk<T>(
    entries: readonly T[],
    returnEntity: boolean,
    write: (entry: T) => { action: BulkAction; item: StoredItem },
    fallback: (entry: T) => { action: BulkAction; id: string | null },
  ) {
    const results = writer.each(entries, (entry, originalIndex): BulkResult => {
      try {
        const { action, item } = write(entry);
        return {
          action,
          itemMetadata: { id: item.id, originalIndex, success: true },
          ...(returnEntity ? { dataItem: toDataItem(item) } : {}),
        };
      } catch (error) {
        const { action, id } = fallback(entry);
        return {
          action,
          itemMetadata: {
            ...(id === null ? {} : { id }),
            originalIndex,
            success: false,
            error: itemError(error),
          },
        };
      }
    });
    return {
      results,
      bulkActionMetadata: bulkActionMetadata(results.map((result) => result.itemMetadata)),
    };
  }

  /** The fields every bulk call has; entries are read by the caller with the same collector. */
  function readBulk(payload: unknown, field: string) {
    const body = readBody(payload);
    const { collect, throwIfAny } = createViolationCollector();
    const collectionId = collect("", () => readCollectionId(body.dataCollectionId));
    const list = collect([], () => readBulkList(body, field));
    const returnEntity = collect(undefined, () =>
      readOptionalBoolean(body.returnEntity, "returnEntity"),
    );
    return { collectionId, list, returnEntity: returnEntity ?? false, collect, throwIfAny };
  }

  function readItems(payload: unknown) {
    const read = readBulk(payload, "dataItems");
    const inputs = read.list.map((raw, i) =>
      read.collect(null, () => readDataItem(raw, `dataItems[${i}]`)),
    );
    return { ...read, inputs };
  }

  app.post("/bulk/items/insert", async (request) => {
    const { collectionId, inputs, returnEntity, throwIfAny } = readItems(request.body);
    throwIfAny();
    const caller = callerOf(request);
    access.authorize(caller, collectionId, "insert");
    return runBulk(
      inputs.flatMap((input) => (input ? [input] : [])),
      returnEntity,
      (input) => ({ action: "INSERT", item: writer.insert(collectionId, input, caller.id) }),
      (input) => ({ action: "INSERT", id: input.id }),
    );
  });

  app.post("/bulk/items/update", async (request) => {
    const { collectionId, inputs, returnEntity, collect, throwIfAny } = readItems(request.body);
    inputs.forEach((input, i) => {
      if (input?.id === null) collect(null, () => readItemId(null, `dataItems[${i}].id`));
    });
    throwIfAny();
    const scope = access.scope(callerOf(request), collectionId, "update");
    return runBulk(
      inputs.flatMap((input) => (input ? [input] : [])),
      returnEntity,
      (input) => ({ action: "UPDATE", item: writer.update(collectionId, input, null, scope) }),
      (input) => ({ action: "UPDATE", id: input.id }),
    );
  });

  app.post("/bulk/items/save", async (request) => {
    const { collectionId, inputs, returnEntity, throwIfAny } = readItems(request.body);
    throwIfAny();
    const caller = callerOf(request);
    access.authorize(caller, collectionId, "insert");
    const scope = access.scope(caller, collectionId, "update");
    return runBulk(
      inputs.flatMap((input) => (input ? [input] : [])),
      returnEntity,
      (input) => {
        const { action, item } = writer.save(collectionId, input, null, caller.id, scope);
        return { action: action === "INSERTED" ? "INSERT" : "UPDATE", item };
      },
      (input) => ({
        action:
          input.id !== null && store.getItem(collectionId, input.id) !== null ? "UPDATE" : "INSERT",
        id: input.id,
      }),
    );
  });

  app.post("/bulk/items/remove", async (request) => {
    const { collectionId, list, returnEntity, collect, throwIfAny } = readBulk(
      request.body,
      "dataItemIds",
    );
    const ids = list.map((raw, i) => collect("", () => readItemId(raw, `dataItemIds[${i}]`)));
    throwIfAny();
    const scope = access.scope(callerOf(request), collectionId, "remove");
    return runBulk(
      ids,
      returnEntity,
      (id) => ({ action: "DELETE", item: writer.remove(collectionId, id, null, scope) }),
      (id) => ({ action: "DELETE", id }),
    );
  });

  app.post("/bulk/items/patch", async (request) => {
    const { collectionId, list, returnEntity, collect, throwIfAny } = readBulk(
      request.body,
      "patches",
    );
    const patches = list.map((raw, i) => {
      const patch = isPlainObject(raw) ? raw : {};
      const id = collect("", () => readItemId(patch.dataItemId, `patches[${i}].dataItemId`));
      const modifications = collect([], () =>
        readFieldModifications(patch.fieldModifications, `patches[${i}].fieldModifications`),
      );
      return { id, modifications };
    });
    throwIfAny();
    const scope = access.scope(callerOf(request), collectionId, "update");
    return runBulk(
      patches,
      returnEntity,
      ({ id, modifications }) => ({
        action: "PATCH",
        item: writer.patch(collectionId, id, modifications, null, scope),
      }),
      ({ id }) => ({ action: "PATCH", id }),
    );
  });
}
