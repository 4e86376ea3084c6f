/**
 * @module Reads the item history the SQLite triggers write (migration 0101) and sets its
 * retention. Versions are listed newest first, paged by version id.
 */
import type { HistoryPage, HistoryVersion } from "@consultant/site-content/wire";
import type { Db } from "../../platform/db/sql-db.ts";
import type { ItemData } from "./items-store.ts";

type HistoryRow = {
  version_id: number;
  collection_id: string;
  item_id: string;
  data: string;
  saved_at: number;
  replaced_at: number;
  change: "updated" | "removed";
};

const COLUMNS = "version_id, collection_id, item_id, data, saved_at, replaced_at, change";

function toVersion(row: HistoryRow): HistoryVersion {
  return {
    versionId: row.version_id,
    collectionId: row.collection_id,
    itemId: row.item_id,
    data: JSON.parse(row.data) as ItemData,
    savedAt: new Date(row.saved_at).toISOString(),
    replacedAt: new Date(row.replaced_at).toISOString(),
    change: row.change,
  };
}

export type ItemHistory = ReturnType<typeof createItemHistory>;

export function createItemHistory(db: Db) {
  const statements = {
    setKeep: db.prepare<[number]>("UPDATE history_settings SET value = ? WHERE key = 'keep'"),
    trimAll: db.prepare<[number]>(
      `DELETE FROM item_history WHERE version_id IN (
         SELECT version_id FROM (
           SELECT version_id, row_number() OVER (
             PARTITION BY collection_id, item_id ORDER BY version_id DESC) AS newer
           FROM item_history) AS versions
         WHERE newer > ?)`,
    ),
    page: db.prepare<[string, string, number, number], HistoryRow>(
      `SELECT ${COLUMNS} FROM item_history
       WHERE collection_id = ? AND item_id = ? AND version_id < ?
       ORDER BY version_id DESC LIMIT ?`,
    ),
    get: db.prepare<[number], HistoryRow>(
      `SELECT ${COLUMNS} FROM item_history WHERE version_id = ?`,
    ),
    removed: db.prepare<[string, number], HistoryRow>(
      `SELECT ${COLUMNS} FROM item_history AS h
       WHERE h.collection_id = ? AND h.change = 'removed'
         AND NOT EXISTS (SELECT 1 FROM items AS i WHERE i.collection_id = h.collection_id AND i.id = h.item_id)
         AND h.version_id = (SELECT max(version_id) FROM item_history AS later
                             WHERE later.collection_id = h.collection_id AND later.item_id = h.item_id)
       ORDER BY h.version_id DESC LIMIT ?`,
    ),
  };

  return {
    /** Sets how many versions each item keeps and trims items that have more. */
    setKeep(keep: number): void {
      db.transaction(() => {
        statements.setKeep.run(keep);
        statements.trimAll.run(keep);
      })();
    },

    /** One page of an item's versions, newest first, older than `before` when given. */
    list(
      collectionId: string,
      itemId: string,
      { before, limit }: { before?: number; limit: number },
    ): HistoryPage {
      const rows = statements.page.all(
        collectionId,
        itemId,
        before ?? Number.MAX_SAFE_INTEGER,
        limit + 1,
      );
      const versions = rows.slice(0, limit).map(toVersion);
      return {
        versions,
        nextBefore: rows.length > limit ? (versions.at(-1)?.versionId ?? null) : null,
      };
    },

    get(versionId: number): HistoryVersion | null {
      const row = statements.get.get(versionId);
      return row ? toVersion(row) : null;
    },

    /** The last version of each removed item of a collection, most recently removed first. */
    removedItems(collectionId: string, limit: number): HistoryVersion[] {
      return statements.removed.all(collectionId, limit).map(toVersion);
    },
  };
}
