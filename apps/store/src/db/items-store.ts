/**
 * @module All SQL for collections, items and store metadata. Static statements are prepared once;
 * query statements (whose WHERE depends on the filter) are prepared once per distinct SQL text.
 */
import { randomUUID } from "node:crypto";
import type { FilterNode, SortSpec } from "../query/types.ts";
import { wellFormed, wellFormedJson } from "../query/values.ts";
import { createDeclaredFields } from "./declared-fields.ts";
import { textWithoutNul, withoutNul } from "./postgres/without-nul.ts";
import { queryDialectOf } from "./query-dialect.ts";
import type { Db, SqlStatement } from "./sql-db.ts";

export type ItemData = Record<string, unknown>;
export type StoredItem = { id: string; collectionId: string; data: ItemData };

export type ItemQuery = {
  collectionId: string;
  filter: FilterNode;
  sort: SortSpec;
  offset: number;
  /** Rows to return; `null` for all. */
  limit: number | null;
};

export type WriteOptions = { now: number; ownerId: string };
/** An item's system values in epoch ms, as its row keeps them. */
type SystemValues = { createdAt: number; updatedAt: number; ownerId: string };

/** The fields the store sets on every write; callers' values for them are ignored. */
export const SYSTEM_FIELDS: ReadonlySet<string> = new Set([
  "_id",
  "_createdDate",
  "_updatedDate",
  "_ownerId",
]);
const MAX_CACHED_STATEMENTS = 256;

type ItemRow = { id: string; collection_id: string; data: string };

export type ItemsStore = ReturnType<typeof createItemsStore>;

/** The id an insert gives an item: its own `_id`, else a new one. */
export function itemIdFor(data: ItemData): string {
  return typeof data._id === "string" && data._id !== "" ? wellFormed(data._id) : randomUUID();
}

/** Wraps a migrated database with typed item and metadata operations. */
export function createItemsStore(db: Db) {
  const statements = {
    hasCollection: db.prepare<[string], { id: string }>("SELECT id FROM collections WHERE id = ?"),
    collections: db.prepare<[], { id: string }>("SELECT id FROM collections ORDER BY rowid"),
    getItem: db.prepare<[string, string], ItemRow>(
      "SELECT id, collection_id, data FROM items WHERE collection_id = ? AND id = ?",
    ),
    insertItem: db.prepare(
      `INSERT INTO items (collection_id, id, data, created_at, updated_at, owner_id)
       VALUES (@collectionId, @id, @data, @createdAt, @updatedAt, @ownerId)`,
    ),
    updateItem: db.prepare(
      "UPDATE items SET data = @data, updated_at = @now WHERE collection_id = @collectionId AND id = @id",
    ),
    removeItem: db.prepare("DELETE FROM items WHERE collection_id = ? AND id = ?"),
    truncate: db.prepare("DELETE FROM items WHERE collection_id = ?"),
    getMeta: db.prepare<[string], { value: number }>("SELECT value FROM meta WHERE key = ?"),
    setMeta: db.prepare("UPDATE meta SET value = ? WHERE key = ?"),
    claimMeta: db.prepare<[string]>("UPDATE meta SET value = 1 WHERE key = ? AND value = 0"),
  };
  const version = db.contentVersion();
  const { compileQuery, noLimit } = queryDialectOf(db);
  const queryCache = new Map<string, SqlStatement<unknown[]>>();
  // Conditions and sorts on declared fields compile to SQL their expression indexes serve.
  const declaredFields = createDeclaredFields(db);
  const compileOptions = (collectionId: string) => ({
    collectionId,
    declared: declaredFields.paths(collectionId),
  });

  function prepareCached(sql: string): SqlStatement<unknown[]> {
    let statement = queryCache.get(sql);
    if (statement === undefined) {
      statement = db.prepare<unknown[]>(sql);
      if (queryCache.size >= MAX_CACHED_STATEMENTS) {
        const oldest = queryCache.keys().next().value;
        if (oldest !== undefined) queryCache.delete(oldest);
      }
      queryCache.set(sql, statement);
    }
    return statement;
  }

  function toItem(row: ItemRow): StoredItem {
    return { id: row.id, collectionId: row.collection_id, data: JSON.parse(row.data) as ItemData };
  }

  function getItem(collectionId: string, id: string): StoredItem | null {
    const row = statements.getItem.get(collectionId, id);
    return row ? toItem(row) : null;
  }

  // PostgreSQL's jsonb holds no NUL (U+0000): there it is stored, and answered, as U+FFFD.
  const storable = <T>(value: T): T => (db.dialect === "postgres" ? withoutNul(value) : value);

  function insertRow(
    collectionId: string,
    givenId: string,
    data: ItemData,
    system: SystemValues,
  ): StoredItem {
    const { createdAt, updatedAt, ownerId } = system;
    const id = db.dialect === "postgres" ? textWithoutNul(givenId) : givenId;
    const stored = storable(withSystemFields(data, id, createdAt, updatedAt, ownerId));
    const json = JSON.stringify(stored);
    statements.insertItem.run({ collectionId, id, data: json, createdAt, updatedAt, ownerId });
    return { id, collectionId, data: stored };
  }

  return {
    hasCollection(collectionId: string): boolean {
      return statements.hasCollection.get(collectionId) !== undefined;
    },

    getItem,

    /** Items matching the query, sorted, ties (and no sort) in insertion order. */
    query(query: ItemQuery): StoredItem[] {
      const { where, orderBy, params } = compileQuery(
        query.filter,
        query.sort,
        compileOptions(query.collectionId),
      );
      const order = orderBy ? `${orderBy}, seq` : "seq";
      const sql = `SELECT id, collection_id, data FROM items WHERE collection_id = @collectionId AND ${where} ORDER BY ${order} LIMIT @limit OFFSET @offset`;
      const rows = prepareCached(sql).all({
        ...params,
        collectionId: query.collectionId,
        limit: query.limit ?? noLimit,
        offset: query.offset,
      }) as ItemRow[];
      return rows.map(toItem);
    },

    count(collectionId: string, filter: FilterNode): number {
      const { where, params } = compileQuery(filter, [], compileOptions(collectionId));
      const sql = `SELECT count(*) AS total FROM items WHERE collection_id = @collectionId AND ${where}`;
      const row = prepareCached(sql).get({ ...params, collectionId }) as { total: number };
      return row.total;
    },

    /** Inserts an item; a missing `_id` is generated. Returns the stored item. */
    insert(collectionId: string, data: ItemData, options: WriteOptions): StoredItem {
      const id = itemIdFor(data);
      const { now, ownerId } = options;
      return insertRow(collectionId, id, data, { createdAt: now, updatedAt: now, ownerId });
    },

    /** Replaces an item's data, keeping its creation date and owner; null when it is missing. */
    update(collectionId: string, id: string, data: ItemData, now: number): StoredItem | null {
      const existing = getItem(collectionId, id);
      if (existing === null) return null;
      const created = existing.data._createdDate as { $date: string };
      const ownerId = String(existing.data._ownerId ?? "");
      const stored = storable(withSystemFields(data, id, Date.parse(created.$date), now, ownerId));
      statements.updateItem.run({ collectionId, id, data: JSON.stringify(stored), now });
      return { id, collectionId, data: stored };
    },

    remove(collectionId: string, id: string): boolean {
      return statements.removeItem.run(collectionId, id).changes > 0;
    },

    /** Removes every item of a collection; returns how many. */
    truncate(collectionId: string): number {
      return statements.truncate.run(collectionId).changes;
    },

    /** Every collection id, in creation order. */
    collectionIds(): string[] {
      return statements.collections.all().map((row) => row.id);
    },

    /**
     * Inserts an item with the given system fields (import of an export): dates in epoch ms.
     * The caller checks the id is free.
     */
    insertExact: insertRow,

    /**
     * A counter bumped by every item, reference and permission write; caches compare it to know
     * when to refresh. Read once per event-loop turn (db/content-version.ts).
     */
    contentVersion(): number {
      return version.current();
    },

    isSeeded(): boolean {
      return statements.getMeta.get("seeded")?.value === 1;
    },

    /**
     * Marks the database seeded; false when it already was. In the seeding transaction it is the
     * one step that decides, among nodes starting at once, which of them seeds.
     */
    claimSeed(): boolean {
      return statements.claimMeta.run("seeded").changes > 0;
    },

    transaction<T>(fn: () => T): T {
      return db.transaction(fn)();
    },
  };
}

/** An item's data as the store writes it: its system fields first, the caller's own after. */
export function withSystemFields(
  data: ItemData,
  id: string,
  createdAt: number,
  updatedAt: number,
  ownerId: string,
): ItemData {
  const own = Object.fromEntries(
    Object.entries(wellFormedJson(data) as ItemData).filter(([key]) => !SYSTEM_FIELDS.has(key)),
  );
  return {
    _id: id,
    _createdDate: { $date: new Date(createdAt).toISOString() },
    _updatedDate: { $date: new Date(updatedAt).toISOString() },
    _ownerId: ownerId,
    ...own,
  };
}
