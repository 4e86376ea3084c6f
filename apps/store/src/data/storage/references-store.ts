/**
 * @module All SQL for item references (docs/protocol.md §2.10): multi-reference fields kept in
 * their own table, in insertion order, and which collection each field points into.
 */
import type { Db } from "../../platform/db/sql-db.ts";

export type ReferenceKey = {
  collectionId: string;
  field: string;
  referringId: string;
  referencedId: string;
};

export type ReferenceRow = { referringId: string; referencedId: string };

export type ReferencesStore = ReturnType<typeof createReferencesStore>;

export function createReferencesStore(db: Db) {
  const statements = {
    target: db.prepare<[string, string], { id: string }>(
      "SELECT referenced_collection_id AS id FROM reference_fields WHERE collection_id = ? AND field = ?",
    ),
    insert: db.prepare(
      `INSERT INTO item_references (collection_id, field, referring_id, referenced_id)
       VALUES (@collectionId, @field, @referringId, @referencedId) ON CONFLICT DO NOTHING`,
    ),
    remove: db.prepare(
      `DELETE FROM item_references WHERE collection_id = @collectionId AND field = @field
       AND referring_id = @referringId AND referenced_id = @referencedId`,
    ),
    removeAll: db.prepare(
      "DELETE FROM item_references WHERE collection_id = ? AND field = ? AND referring_id = ?",
    ),
    exists: db.prepare(
      `SELECT 1 FROM item_references WHERE collection_id = @collectionId AND field = @field
       AND referring_id = @referringId AND referenced_id = @referencedId`,
    ),
    list: db.prepare<[string, string, string], { referring_id: string; referenced_id: string }>(
      `SELECT referring_id, referenced_id FROM item_references
       WHERE collection_id = ? AND field = ? AND referring_id IN (${
         db.dialect === "sqlite"
           ? "SELECT value FROM json_each(?)"
           : "SELECT jsonb_array_elements_text(?::jsonb)"
       })
       ORDER BY seq`,
    ),
  };

  return {
    /** The collection a field's references point into: declared, else the field's own. */
    referencedCollection(collectionId: string, field: string): string {
      return statements.target.get(collectionId, field)?.id ?? collectionId;
    },

    /** Adds a reference; false when it was already there. */
    insert(key: ReferenceKey): boolean {
      return statements.insert.run(key).changes > 0;
    },

    /** Removes a reference; false when there was none. */
    remove(key: ReferenceKey): boolean {
      return statements.remove.run(key).changes > 0;
    },

    /** Removes every reference of one item's field. */
    removeAll(collectionId: string, field: string, referringId: string): number {
      return statements.removeAll.run(collectionId, field, referringId).changes;
    },

    exists(key: ReferenceKey): boolean {
      return statements.exists.get(key) !== undefined;
    },

    /** References of the items' field, in insertion order. */
    list(collectionId: string, field: string, referringIds: readonly string[]): ReferenceRow[] {
      return statements.list
        .all(collectionId, field, JSON.stringify(referringIds))
        .map((row) => ({ referringId: row.referring_id, referencedId: row.referenced_id }));
    },

    transaction<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
  };
}
