/**
 * @module Every write of the Data Collections API, with its rules in one place: a new id must be
 * free (409 COLLECTION_ALREADY_EXISTS: of two concurrent creates exactly one wins, SQLite's
 * primary key decides), an update names the stored revision (409 COLLECTION_REVISION_MISMATCH),
 * and the site's own collections are neither reshaped nor deleted (403 COLLECTION_PROTECTED).
 */
import type { Permissions } from "../../platform/db/access-store.ts";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import type {
  CollectionDefinition,
  CollectionsStore,
  StoredCollection,
} from "../storage/collections-store.ts";
import { SYSTEM_FIELD_KEYS } from "./collection-definition.ts";
import { isSiteCollection } from "./wire-collection.ts";

/** What a patch may change (the platform's patch takes these three only). */
export type CollectionPatch = {
  displayName?: string;
  displayField?: string | null;
  permissions?: Permissions;
};

export type CollectionWriter = ReturnType<typeof createCollectionWriter>;

/** Reads a revision sent as a string (the wire's int64) or a number. */
export function readRevision(raw: unknown, at: string): number | null {
  if (raw === undefined || raw === null || raw === "") return null;
  const value = typeof raw === "string" && /^\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw validationError([
      violation(at, "must be a revision number, as the collection's answer gives it"),
    ]);
  }
  return value;
}

export function createCollectionWriter(collections: CollectionsStore, now: () => number) {
  function requireCollection(id: string): StoredCollection {
    const stored = collections.get(id);
    if (stored === null) throw new ApiError("COLLECTION_NOT_FOUND", [id]);
    return stored;
  }

  function refuseSiteCollection(id: string, verb: string): void {
    if (isSiteCollection(id)) throw new ApiError("COLLECTION_PROTECTED", [id, verb]);
  }

  function checkRevision(stored: StoredCollection, revision: number): void {
    if (revision !== stored.revision) {
      throw new ApiError("COLLECTION_REVISION_MISMATCH", [stored.id, stored.revision, revision], {
        data: { collectionId: stored.id, revision: String(stored.revision) },
      });
    }
  }

  function replace(stored: StoredCollection, definition: CollectionDefinition): StoredCollection {
    // The row's revision is checked again by the UPDATE itself, so a write between the read and
    // the update cannot be lost.
    if (!collections.replace(definition, stored.revision, now())) {
      throw new ApiError("COLLECTION_REVISION_MISMATCH", [stored.id, "newer", stored.revision]);
    }
    return requireCollection(definition.id);
  }

  return {
    /** @throws ApiError COLLECTION_ALREADY_EXISTS when the id is taken. */
    create(definition: CollectionDefinition): StoredCollection {
      if (!collections.insert(definition, now())) {
        throw new ApiError("COLLECTION_ALREADY_EXISTS", [definition.id]);
      }
      return requireCollection(definition.id);
    },

    /**
     * Replaces a definition (fields, names, permissions); items are left as they are.
     * @throws ApiError COLLECTION_NOT_FOUND, COLLECTION_PROTECTED, COLLECTION_REVISION_MISMATCH.
     */
    update(definition: CollectionDefinition, revision: number): StoredCollection {
      const stored = requireCollection(definition.id);
      refuseSiteCollection(definition.id, "changed");
      checkRevision(stored, revision);
      return replace(stored, definition);
    },

    /**
     * Changes the display name, display field or permissions only.
     * @throws ApiError as `update`; VALIDATION_FAILED for a display field that is not a field.
     */
    patch(id: string, patch: CollectionPatch, revision: number | null): StoredCollection {
      const stored = requireCollection(id);
      refuseSiteCollection(id, "changed");
      if (revision !== null) checkRevision(stored, revision);
      const displayField =
        patch.displayField === undefined ? stored.displayField : patch.displayField;
      const known =
        displayField === null ||
        SYSTEM_FIELD_KEYS.has(displayField) ||
        stored.fields.some((field) => field.key === displayField);
      if (!known) {
        throw validationError([
          violation(
            "dataCollection.displayField",
            `must be the key of one of the fields, not [${displayField}]`,
          ),
        ]);
      }
      return replace(stored, {
        id,
        displayName: patch.displayName ?? stored.displayName,
        displayField,
        fields: stored.fields,
        permissions: patch.permissions ?? stored.permissions,
      });
    },

    /**
     * Removes a collection and everything in it.
     * @throws ApiError COLLECTION_NOT_FOUND, COLLECTION_PROTECTED.
     */
    remove(id: string): void {
      requireCollection(id);
      refuseSiteCollection(id, "deleted");
      collections.remove(id);
    },
  };
}
