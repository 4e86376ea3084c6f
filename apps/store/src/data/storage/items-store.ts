/**
 * @module All SQL for collections, items and store metadata. Static statements are prepared once;
 * query statements (whose WHERE depends on the filter) are prepared once per distinct SQL text.
 */
import { randomUUID } from "node:crypto";
import { textWithoutNul, withoutNul } from "../../platform/db/postgres/without-nul.ts";
import { queryDialectOf } from "../../platform/db/query-dialect.ts";
import type { Db, SqlStatement } from "../../platform/db/sql-db.ts";
import type { FilterNode, SortSpec } from "../../platform/query/types.ts";
import { wellFormed, wellFormedJson } from "../../platform/query/values.ts";
import { createDeclaredFields } from "./declared-fields.ts";

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

/** Every item of a collection, in the default order (the query call's, with no filter). */
export function allItemsQuery(collectionId: string): ItemQuery {
  return { collectionId, filter: { type: "and", nodes: [] }, sort: [], offset: 0, limit: null };
}

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
type ReplacedRow = { created: string; owner_id: string };

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
    // A read-modify-write locks the row it read (PostgreSQL; SQLite has one writer at a time), so
    // that a write by another connection between the read and the write waits instead of being
    // overwritten unseen.
    getItemForUpdate: db.prepare<[string, string], ItemRow>(
      `SELECT id, collection_id, data FROM items WHERE collection_id = ? AND id = ?${
        db.dialect === "postgres" ? " FOR UPDATE" : ""
      }`,
    ),
    insertItem: db.prepare(
      `INSERT INTO items (collection_id, id, data, created_at, updated_at, owner_id)
       VALUES (@collectionId, @id, @data, @createdAt, @updatedAt, @ownerId)`,
    ),
    updateItem: db.prepare(
      "UPDATE items SET data = @data, updated_at = @now WHERE collection_id = @collectionId AND id = @id",
    ),
    // PostgreSQL: the item's creation date and owner taken from its row in the same statement, so
    // that an update is one round trip (and one implicit transaction) without reading it first.
    replaceItem:
      db.dialect === "postgres"
        ? db.prepare<
            [{ collectionId: string; id: string; data: string; now: number }],
            ReplacedRow
          >(
            `UPDATE items SET updated_at = @now,
               data = @data::jsonb || jsonb_build_object('_createdDate', data -> '_createdDate',
                 '_ownerId', coalesce(data -> '_ownerId', '""'::jsonb))
             WHERE collection_id = @collectionId AND id = @id
             RETURNING data -> '_createdDate' ->> '$date' AS created, data ->> '_ownerId' AS owner_id`,
          )
        : null,
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

  /**
   * Replaces an item's data, keeping its creation date and owner; null when it is missing.
   * `existing` is the item as the caller just read it in the same transaction.
   */
  function update(
    collectionId: string,
    id: string,
    data: ItemData,
    now: number,
    existing: StoredItem | null = getItem(collectionId, id),
  ): StoredItem | null {
    if (existing === null) return null;
    const created = existing.data._createdDate as { $date: string };
    const ownerId = String(existing.data._ownerId ?? "");
    const stored = storable(withSystemFields(data, id, Date.parse(created.$date), now, ownerId));
    statements.updateItem.run({ collectionId, id, data: JSON.stringify(stored), now });
    return { id, collectionId, data: stored };
  }

  /**
   * `update` for a caller that needs nothing of the stored item: on PostgreSQL one statement
   * (its own transaction), on SQLite a read and a write in one transaction.
   */
  function replace(
    collectionId: string,
    id: string,
    data: ItemData,
    now: number,
  ): StoredItem | null {
    if (statements.replaceItem === null) {
      return db.transaction(() => update(collectionId, id, data, now))();
    }
    const { storedId, params } = replaceParams(collectionId, id, data, now);
    const row = statements.replaceItem.get(params);
    return row === undefined ? null : replaced(collectionId, storedId, data, now, row);
  }

  /** What PostgreSQL's one-statement update is sent: the data, its system fields but two. */
  function replaceParams(collectionId: string, id: string, data: ItemData, now: number) {
    const storedId = textWithoutNul(id);
    const json = JSON.stringify(storable(withSystemFields(data, storedId, now, now, "")));
    return { storedId, params: { collectionId, id, data: json, now } };
  }

  /** The item as the one-statement update stored it, its creation date and owner from its row. */
  function replaced(
    collectionId: string,
    storedId: string,
    data: ItemData,
    now: number,
    row: ReplacedRow,
  ): StoredItem {
    const stored = storable(
      withSystemFields(data, storedId, Date.parse(row.created), now, row.owner_id),
    );
    return { id: storedId, collectionId, data: stored };
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

    /** `getItem` in a transaction that will write the item: no other writer gets in between. */
    getItemForUpdate(collectionId: string, id: string): StoredItem | null {
      const row = statements.getItemForUpdate.get(collectionId, id);
      return row ? toItem(row) : null;
    },

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

    update,

    replace,

    /**
     * `replace` without blocking the store's thread where the engine can (PostgreSQL, outside a
     * transaction: on another connection, so that a node has many updates in flight); else
     * `replace` itself.
     */
    replaceConcurrently(
      collectionId: string,
      id: string,
      data: ItemData,
      now: number,
    ): StoredItem | null | Promise<StoredItem | null> {
      const statement = statements.replaceItem;
      if (statement?.getConcurrently === undefined || db.inTransaction) {
        return replace(collectionId, id, data, now);
      }
      const { storedId, params } = replaceParams(collectionId, id, data, now);
      return statement
        .getConcurrently(params)
        .then((row) =>
          row === undefined ? null : replaced(collectionId, storedId, data, now, row),
        );
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
