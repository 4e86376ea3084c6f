/**
 * @module Restores an old version of an item as a new write (so the replaced one enters the
 * history too). Like every editor write it carries a condition: the item must still be the
 * version the owner saw, else nothing is written and the stored item is returned with a 409.
 */

import type { ItemData, ItemHistory, ItemsStore, StoredItem } from "../data/index.ts";
import { ApiError } from "../platform/errors.ts";
import { SITE_OWNER_ID } from "../platform/site-owner.ts";

export type RestoreRequest = {
  collectionId: string;
  itemId: string;
  versionId: number;
  /** `_updatedDate` of the item the owner saw, or null when it saw the item removed. */
  expectedUpdatedDate: string | null;
};

function updatedDateOf(item: StoredItem | null): string | null {
  const value = item?.data._updatedDate;
  if (typeof value !== "object" || value === null) return null;
  const iso = (value as { $date?: unknown }).$date;
  return typeof iso === "string" ? iso : null;
}

function sameInstant(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  return Date.parse(a) === Date.parse(b);
}

/** @throws ApiError OWNER_VERSION_NOT_FOUND or OWNER_VERSION_CONFLICT. */
export function restoreVersion(
  deps: { store: ItemsStore; history: ItemHistory; now: () => number },
  request: RestoreRequest,
): StoredItem {
  const { store, history, now } = deps;
  return store.transaction(() => {
    const version = history.get(request.versionId);
    if (
      version === null ||
      version.collectionId !== request.collectionId ||
      version.itemId !== request.itemId
    ) {
      throw new ApiError("OWNER_VERSION_NOT_FOUND", [request.versionId, request.itemId]);
    }
    const current = store.getItem(request.collectionId, request.itemId);
    if (!sameInstant(updatedDateOf(current), request.expectedUpdatedDate)) {
      throw new ApiError("OWNER_VERSION_CONFLICT", [request.itemId], {
        data: { currentItem: current?.data ?? null },
      });
    }
    const data: ItemData = { ...version.data, _id: request.itemId };
    if (current !== null) {
      const updated = store.update(request.collectionId, request.itemId, data, now());
      if (updated !== null) return updated;
    }
    const ownerId = typeof data._ownerId === "string" ? data._ownerId : SITE_OWNER_ID;
    return store.insert(request.collectionId, data, { now: now(), ownerId });
  });
}
