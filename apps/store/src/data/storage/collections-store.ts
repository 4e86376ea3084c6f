/**
 * @module All SQL for collection definitions (Data Collections API): the `collections` row (id,
 * name, display field, fields as JSON, revision, dates) with its permissions row. Rules
 * (protected site collections, revisions, duplicates) are the caller's: collections/collection-writer.ts.
 */
import { type CollectionField, FIELD_TYPES, type FieldType } from "@consultant/site-content/wire";
import {
  createAccessStore,
  forgetAccess,
  type Permissions,
} from "../../platform/db/access-store.ts";
import type { Db } from "../../platform/db/sql-db.ts";

export type { FieldType };
export { FIELD_TYPES };

export type FieldDefinition = CollectionField;

export type CollectionDefinition = {
  id: string;
  displayName: string;
  displayField: string | null;
  fields: FieldDefinition[];
  permissions: Permissions;
};

export type StoredCollection = CollectionDefinition & {
  revision: number;
  /** Epoch ms; null for collections made before definitions were kept (the site's own). */
  createdAt: number | null;
  updatedAt: number | null;
};

type CollectionRow = {
  id: string;
  display_name: string;
  display_field: string | null;
  fields: string;
  revision: number;
  created_at: number | null;
  updated_at: number | null;
};

const COLUMNS = "id, display_name, display_field, fields, revision, created_at, updated_at";

export type CollectionsStore = ReturnType<typeof createCollectionsStore>;

export function createCollectionsStore(db: Db) {
  const access = createAccessStore(db);
  const statements = {
    get: db.prepare<[string], CollectionRow>(`SELECT ${COLUMNS} FROM collections WHERE id = ?`),
    all: db.prepare<[], CollectionRow>(`SELECT ${COLUMNS} FROM collections ORDER BY id`),
    count: db.prepare<[], { total: number }>("SELECT count(*) AS total FROM collections"),
    insert: db.prepare(
      `INSERT INTO collections (id, display_name, display_field, fields, revision, created_at, updated_at)
       VALUES (@id, @displayName, @displayField, @fields, 1, @now, @now)
       ON CONFLICT (id) DO NOTHING`,
    ),
    update: db.prepare(
      `UPDATE collections SET display_name = @displayName, display_field = @displayField,
         fields = @fields, revision = revision + 1, updated_at = @now
       WHERE id = @id AND revision = @revision`,
    ),
    remove: db.prepare("DELETE FROM collections WHERE id = ?"),
    removeHistory: db.prepare("DELETE FROM item_history WHERE collection_id = ?"),
  };

  function toStored(row: CollectionRow): StoredCollection {
    const permissions = access.permissions(row.id) as Permissions;
    return {
      id: row.id,
      displayName: row.display_name,
      displayField: row.display_field,
      fields: JSON.parse(row.fields) as FieldDefinition[],
      permissions,
      revision: row.revision,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }

  function params(definition: CollectionDefinition, now: number) {
    return {
      id: definition.id,
      displayName: definition.displayName,
      displayField: definition.displayField,
      fields: JSON.stringify(definition.fields),
      now,
    };
  }

  return {
    get(id: string): StoredCollection | null {
      const row = statements.get.get(id);
      return row === undefined ? null : toStored(row);
    },

    /** Every collection, by id. */
    list(): StoredCollection[] {
      return statements.all.all().map(toStored);
    },

    count(): number {
      return statements.count.get()?.total ?? 0;
    },

    /** Inserts a new collection with its permissions; false when the id is taken. */
    insert(definition: CollectionDefinition, now: number): boolean {
      return db.transaction(() => {
        if (statements.insert.run(params(definition, now)).changes === 0) return false;
        access.setPermissions(definition.id, definition.permissions);
        return true;
      })();
    },

    /** Replaces a definition at `revision`; false when the stored revision differs. */
    replace(definition: CollectionDefinition, revision: number, now: number): boolean {
      return db.transaction(() => {
        const changed = statements.update.run({ ...params(definition, now), revision }).changes;
        if (changed === 0) return false;
        access.setPermissions(definition.id, definition.permissions);
        return true;
      })();
    },

    /** Removes a collection with its items, references, permissions and item history. */
    remove(id: string): boolean {
      return db.transaction(() => {
        // The items' delete trigger keeps their last versions: those go after them.
        const removed = statements.remove.run(id).changes > 0;
        forgetAccess(db);
        statements.removeHistory.run(id);
        return removed;
      })();
    },
  };
}
