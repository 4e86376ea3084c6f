/**
 * @module Every reference write of the data-items API, with its rule in one place: a reference
 * needs its referring item (ITEM_NOT_FOUND otherwise). Each write checks and writes inside one
 * transaction; bulk calls nest them as savepoints.
 */

import { ApiError } from "../../platform/errors.ts";
import type { ItemsStore } from "../storage/items-store.ts";
import type { ReferenceKey, ReferencesStore } from "../storage/references-store.ts";

/** A reference within one collection. */
export type Reference = Omit<ReferenceKey, "collectionId">;

export type ReferenceWriter = ReturnType<typeof createReferenceWriter>;

export function createReferenceWriter(store: ItemsStore, references: ReferencesStore) {
  function requireReferringItem(collectionId: string, id: string): void {
    if (store.getItem(collectionId, id) === null)
      throw new ApiError("ITEM_NOT_FOUND", [id, collectionId]);
  }

  return {
    /** @throws ApiError ITEM_NOT_FOUND when the referring item is missing. */
    insert(collectionId: string, reference: Reference): void {
      references.transaction(() => {
        requireReferringItem(collectionId, reference.referringId);
        references.insert({ collectionId, ...reference });
      });
    },

    remove(collectionId: string, reference: Reference): void {
      references.remove({ collectionId, ...reference });
    },

    /**
     * Makes `referencedIds` the field's only references from the referring item.
     * @throws ApiError ITEM_NOT_FOUND when the referring item is missing.
     */
    replace(
      collectionId: string,
      field: string,
      referringId: string,
      referencedIds: readonly string[],
    ): void {
      references.transaction(() => {
        requireReferringItem(collectionId, referringId);
        references.removeAll(collectionId, field, referringId);
        for (const referencedId of referencedIds) {
          references.insert({ collectionId, field, referringId, referencedId });
        }
      });
    },

    /** Runs `write` for each entry inside one transaction (a bulk call's writes). */
    each<T, R>(entries: readonly T[], write: (entry: T, index: number) => R): R[] {
      return references.transaction(() => entries.map(write));
    },
  };
}
