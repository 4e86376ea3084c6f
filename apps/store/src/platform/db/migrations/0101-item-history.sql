-- Every write to an item keeps the previous version, whichever client writes: the triggers run
-- inside the writing statement's transaction, so an item and its history change together.
-- version_id grows with every write, so it orders versions by time without trusting clocks.
CREATE TABLE history_settings (
  key   TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) STRICT;

-- Versions kept per item; the store sets it from HISTORY_KEEP on start.
INSERT INTO history_settings (key, value) VALUES ('keep', 200);

CREATE TABLE item_history (
  version_id    INTEGER PRIMARY KEY AUTOINCREMENT,
  collection_id TEXT NOT NULL,
  item_id       TEXT NOT NULL,
  data          TEXT NOT NULL,
  -- When this version was written (the item's updated_at then), in epoch ms.
  saved_at      INTEGER NOT NULL,
  -- When a later write replaced or removed it, in epoch ms.
  replaced_at   INTEGER NOT NULL,
  change        TEXT NOT NULL CHECK (change IN ('updated', 'removed'))
) STRICT;

CREATE INDEX item_history_by_item_time ON item_history (collection_id, item_id, version_id);

-- Built-in SQL only: other clients (the sqlite3 shell, scripts) write without our functions.
CREATE TRIGGER items_history_update AFTER UPDATE ON items WHEN OLD.data IS NOT NEW.data BEGIN
  INSERT INTO item_history (collection_id, item_id, data, saved_at, replaced_at, change)
  VALUES (
    OLD.collection_id, OLD.id, OLD.data, OLD.updated_at,
    CASE WHEN NEW.updated_at > OLD.updated_at THEN NEW.updated_at
         ELSE CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) END,
    'updated');
  DELETE FROM item_history WHERE version_id IN (
    SELECT version_id FROM item_history
    WHERE collection_id = OLD.collection_id AND item_id = OLD.id
    ORDER BY version_id DESC
    LIMIT -1 OFFSET coalesce((SELECT max(value, 1) FROM history_settings WHERE key = 'keep'), 200));
END;

CREATE TRIGGER items_history_delete AFTER DELETE ON items BEGIN
  INSERT INTO item_history (collection_id, item_id, data, saved_at, replaced_at, change)
  VALUES (
    OLD.collection_id, OLD.id, OLD.data, OLD.updated_at,
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER),
    'removed');
  DELETE FROM item_history WHERE version_id IN (
    SELECT version_id FROM item_history
    WHERE collection_id = OLD.collection_id AND item_id = OLD.id
    ORDER BY version_id DESC
    LIMIT -1 OFFSET coalesce((SELECT max(value, 1) FROM history_settings WHERE key = 'keep'), 200));
END;

-- Finds the items of a collection whose last version is a removal (to restore them).
CREATE INDEX item_history_removed ON item_history (collection_id, version_id) WHERE change = 'removed';
