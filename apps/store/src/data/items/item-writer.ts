/**
 * @module Every item write of the data-items API, with its rules in one place: duplicate and
 * missing ids (ITEM_ALREADY_EXISTS, ITEM_NOT_FOUND), the write condition (ITEM_CONDITION_FAILED, with the stored item in the
 * error's data), the item size limit, system fields (only `_id` is taken from the caller), and
 * a caller's scope (a member under SITE_MEMBER_AUTHOR writes their own items only: PERMISSION_DENIED,
 * checked before the condition so that its error does not show another member's item).
 * Each write checks and writes inside one transaction; bulk calls nest them as savepoints.
 */
import { randomUUID } from "node:crypto";
import { isCollectionName, type Kind, kindOf } from "@consultant/site-content";
import { KIND_ADAPTERS } from "@consultant/site-content/editor";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { evaluate } from "../../platform/query/evaluate.ts";
import type { FilterNode } from "../../platform/query/types.ts";
import { wellFormed } from "../../platform/query/values.ts";
import type { ItemData, ItemsStore, StoredItem } from "../storage/items-store.ts";
import type { ItemInput } from "./item-input.ts";
import { applyPatch, type FieldModification } from "./patch.ts";

/** 500 KB, measured as the item's JSON in UTF-8. */
export const MAX_ITEM_BYTES = 500 * 1024;

/**
 * Kinds whose items the store checks as the editor does, whoever writes them: the settings
 * (web addresses, e-mail, phone, lengths) and the pictures (alt text). The page trusts both.
 */
const CHECKED_KINDS: ReadonlySet<Kind> = new Set(["settings", "pictures"]);

/** @throws ApiError VALIDATION_FAILED naming each field the editor would refuse. */
export function checkSiteContent(collectionId: string, data: ItemData): void {
  if (!isCollectionName(collectionId)) return;
  const kind = kindOf(collectionId);
  if (!CHECKED_KINDS.has(kind)) return;
  const errors = Object.entries(KIND_ADAPTERS[kind].validate(data));
  if (errors.length > 0) {
    throw validationError(errors.map(([field, message]) => violation(field, message)));
  }
}

/**
 * The checks every write makes of an item's data (size, site content), also made of a draft
 * when it is kept. @throws ApiError ITEM_TOO_LARGE, VALIDATION_FAILED.
 */
export function checkItemData(collectionId: string, id: string, data: ItemData): void {
  const bytes = Buffer.byteLength(JSON.stringify(data));
  if (bytes > MAX_ITEM_BYTES) {
    throw new ApiError("ITEM_TOO_LARGE", [id, bytes, MAX_ITEM_BYTES], {
      data: { itemId: id, collectionId, bytes, limit: MAX_ITEM_BYTES },
    });
  }
  checkSiteContent(collectionId, data);
}

export type SaveResult = { action: "INSERTED" | "UPDATED"; item: StoredItem };

export type ItemWriter = ReturnType<typeof createItemWriter>;

export function createItemWriter(store: ItemsStore, now: () => number) {
  function checkCondition(
    collectionId: string,
    id: string,
    stored: StoredItem | null,
    condition: FilterNode | null,
  ): void {
    if (condition === null) return;
    if (stored === null || !evaluate(stored.data, condition)) {
      throw new ApiError("ITEM_CONDITION_FAILED", [id, collectionId], {
        data: { itemId: id, currentItem: stored?.data ?? null },
      });
    }
  }

  function requireId(input: ItemInput, at: string): string {
    if (input.id === null) {
      throw validationError([violation(`${at}.id`, "must not be empty", "REQUIRED_FIELD")]);
    }
    return wellFormed(input.id);
  }

  function requireItem(collectionId: string, id: string): StoredItem {
    const stored = store.getItemForUpdate(collectionId, id);
    if (stored === null) throw new ApiError("ITEM_NOT_FOUND", [id, collectionId]);
    return stored;
  }

  function checkScope(
    collectionId: string,
    stored: StoredItem,
    scope: FilterNode | null,
    action: "update" | "remove",
  ): void {
    if (scope === null || evaluate(stored.data, scope)) return;
    throw new ApiError("PERMISSION_DENIED", [action, collectionId], {
      data: { collectionId, action, itemId: stored.id },
    });
  }

  function insert(collectionId: string, input: ItemInput, ownerId: string): StoredItem {
    return store.transaction(() => {
      const id = input.id === null ? randomUUID() : wellFormed(input.id);
      if (store.getItem(collectionId, id) !== null) {
        throw new ApiError("ITEM_ALREADY_EXISTS", [id, collectionId]);
      }
      checkItemData(collectionId, id, input.data);
      return store.insert(collectionId, { ...input.data, _id: id }, { now: now(), ownerId });
    });
  }

  function replace(collectionId: string, stored: StoredItem, data: ItemData): StoredItem {
    checkItemData(collectionId, stored.id, data);
    const updated = store.update(
      collectionId,
      stored.id,
      { ...data, _id: stored.id },
      now(),
      stored,
    );
    if (updated === null) throw new ApiError("ITEM_NOT_FOUND", [stored.id, collectionId]);
    return updated;
  }

  /** The item size and site-content checks, after ITEM_NOT_FOUND as the read-first path has it. */
  function checkUnread(collectionId: string, id: string, data: ItemData): void {
    try {
      checkItemData(collectionId, id, data);
    } catch (error) {
      requireItem(collectionId, id);
      throw error;
    }
  }

  function found(collectionId: string, id: string, updated: StoredItem | null): StoredItem {
    if (updated === null) throw new ApiError("ITEM_NOT_FOUND", [id, collectionId]);
    return updated;
  }

  /**
   * An update that needs nothing of the stored item (no scope, no condition): written without
   * reading it first, one statement on PostgreSQL. Its errors are those of the read-first path,
   * in the same order: a missing item is ITEM_NOT_FOUND whatever else is wrong with the data.
   */
  function replaceUnread(collectionId: string, id: string, data: ItemData): StoredItem {
    checkUnread(collectionId, id, data);
    return found(collectionId, id, store.replace(collectionId, id, { ...data, _id: id }, now()));
  }

  function update(
    collectionId: string,
    input: ItemInput,
    condition: FilterNode | null,
    scope: FilterNode | null = null,
    at = "dataItem",
  ): StoredItem {
    const id = requireId(input, at);
    if (scope === null && condition === null) return replaceUnread(collectionId, id, input.data);
    return store.transaction(() => {
      const stored = requireItem(collectionId, id);
      checkScope(collectionId, stored, scope, "update");
      checkCondition(collectionId, id, stored, condition);
      return replace(collectionId, stored, input.data);
    });
  }

  return {
    /** @throws ApiError ITEM_ALREADY_EXISTS when the id exists; ITEM_TOO_LARGE. */
    insert,

    /**
     * Replaces the data of an existing item (within `scope`, when given).
     * @throws ApiError ITEM_NOT_FOUND, PERMISSION_DENIED, ITEM_CONDITION_FAILED, ITEM_TOO_LARGE.
     */
    update,

    /**
     * `update` for a single call (not in a bulk's transaction): without a scope or condition,
     * the write does not block the node while PostgreSQL runs it, so a node has many in flight.
     */
    updateConcurrently(
      collectionId: string,
      input: ItemInput,
      condition: FilterNode | null,
      scope: FilterNode | null,
    ): StoredItem | Promise<StoredItem> {
      if (scope !== null || condition !== null)
        return update(collectionId, input, condition, scope);
      const id = requireId(input, "dataItem");
      checkUnread(collectionId, id, input.data);
      const written = store.replaceConcurrently(
        collectionId,
        id,
        { ...input.data, _id: id },
        now(),
      );
      return written instanceof Promise
        ? written.then((updated) => found(collectionId, id, updated))
        : found(collectionId, id, written);
    },

    /** Upsert by id; an existing item must be within `scope`. With a condition, a missing item does not match (409). */
    save(
      collectionId: string,
      input: ItemInput,
      condition: FilterNode | null,
      ownerId: string,
      scope: FilterNode | null = null,
    ): SaveResult {
      return store.transaction(() => {
        const id = input.id === null ? null : wellFormed(input.id);
        const stored = id === null ? null : store.getItemForUpdate(collectionId, id);
        if (stored !== null) checkScope(collectionId, stored, scope, "update");
        if (condition !== null) checkCondition(collectionId, id ?? "", stored, condition);
        if (stored === null) {
          return { action: "INSERTED", item: insert(collectionId, input, ownerId) };
        }
        return { action: "UPDATED", item: replace(collectionId, stored, input.data) };
      });
    },

    /** Applies field modifications to an existing item. @throws ApiError ITEM_NOT_FOUND, PERMISSION_DENIED, ITEM_CONDITION_FAILED. */
    patch(
      collectionId: string,
      id: string,
      modifications: readonly FieldModification[],
      condition: FilterNode | null,
      scope: FilterNode | null = null,
    ): StoredItem {
      return store.transaction(() => {
        const stored = requireItem(collectionId, wellFormed(id));
        checkScope(collectionId, stored, scope, "update");
        checkCondition(collectionId, stored.id, stored, condition);
        return replace(collectionId, stored, applyPatch(stored.data, modifications));
      });
    },

    /** Removes an item and returns it as it was. @throws ApiError ITEM_NOT_FOUND, PERMISSION_DENIED, ITEM_CONDITION_FAILED. */
    remove(
      collectionId: string,
      id: string,
      condition: FilterNode | null,
      scope: FilterNode | null = null,
    ): StoredItem {
      return store.transaction(() => {
        const stored = requireItem(collectionId, wellFormed(id));
        checkScope(collectionId, stored, scope, "remove");
        checkCondition(collectionId, stored.id, stored, condition);
        store.remove(collectionId, stored.id);
        return stored;
      });
    },

    /** Runs `write` for each entry inside one transaction (a bulk call's writes). */
    each<T, R>(entries: readonly T[], write: (entry: T, index: number) => R): R[] {
      return store.transaction(() => entries.map(write));
    },

    /** Removes every item of the collection. */
    truncate(collectionId: string): void {
      store.transaction(() => store.truncate(collectionId));
    },
  };
}
