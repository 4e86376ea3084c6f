-- Each item's versions are numbered 1, 2, 3... (item_seq), in the order they were kept. PostgreSQL
-- keeps an item's last `keep` versions by that number (postgres/0060) instead of counting them
-- on every write; SQLite numbers them the same way, so that a copy between the engines carries
-- the numbers, and keeps trimming by count as before.
ALTER TABLE item_history ADD COLUMN item_seq INTEGER NOT NULL DEFAULT 0;

UPDATE item_history SET item_seq = numbered.n
FROM (
  SELECT version_id, row_number() OVER (
    PARTITION BY collection_id, item_id ORDER BY version_id) AS n
  FROM item_history
) AS numbered
WHERE numbered.version_id = item_history.version_id;

DROP TRIGGER items_history_update;
DROP TRIGGER items_history_delete;

-- Built-in SQL only: other clients (the sqlite3 shell, scripts) write without our functions.
CREATE TRIGGER items_history_update AFTER UPDATE ON items WHEN OLD.data IS NOT NEW.data BEGIN
  INSERT INTO item_history (collection_id, item_id, data, saved_at, replaced_at, change, item_seq)
  VALUES (
    OLD.collection_id, OLD.id, OLD.data, OLD.updated_at,
    CASE WHEN NEW.updated_at > OLD.updated_at THEN NEW.updated_at
         ELSE CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) END,
    'updated',
    1 + coalesce((SELECT item_seq FROM item_history
                  WHERE collection_id = OLD.collection_id AND item_id = OLD.id
                  ORDER BY version_id DESC LIMIT 1), 0));
  DELETE FROM item_history WHERE version_id IN (
    SELECT version_id FROM item_history
    WHERE collection_id = OLD.collection_id AND item_id = OLD.id
    ORDER BY version_id DESC
    LIMIT -1 OFFSET coalesce((SELECT max(value, 1) FROM history_settings WHERE key = 'keep'), 200));
END;

CREATE TRIGGER items_history_delete AFTER DELETE ON items BEGIN
  INSERT INTO item_history (collection_id, item_id, data, saved_at, replaced_at, change, item_seq)
  VALUES (
    OLD.collection_id, OLD.id, OLD.data, OLD.updated_at,
    CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER),
    'removed',
    1 + coalesce((SELECT item_seq FROM item_history
                  WHERE collection_id = OLD.collection_id AND item_id = OLD.id
                  ORDER BY version_id DESC LIMIT 1), 0));
  DELETE FROM item_history WHERE version_id IN (
    SELECT version_id FROM item_history
    WHERE collection_id = OLD.collection_id AND item_id = OLD.id
    ORDER BY version_id DESC
    LIMIT -1 OFFSET coalesce((SELECT max(value, 1) FROM history_settings WHERE key = 'keep'), 200));
END;
