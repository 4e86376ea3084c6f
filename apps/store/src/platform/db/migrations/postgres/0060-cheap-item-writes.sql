-- What an item write costs PostgreSQL beyond the row itself.
--
-- Each item's versions are numbered 1, 2, 3... (item_seq, as SQLite's ../0500 numbers them), so
-- that keeping an item's last `keep` versions is a range on the item's own index, not a count of
-- them: the trigger used to walk all of an item's kept versions (200 by default, most of them
-- read from the table for their visibility) on every write.
ALTER TABLE item_history ADD COLUMN item_seq bigint NOT NULL DEFAULT 0;

UPDATE item_history SET item_seq = numbered.n
FROM (
  SELECT version_id, row_number() OVER (
    PARTITION BY collection_id, item_id ORDER BY version_id) AS n
  FROM item_history
) AS numbered
WHERE numbered.version_id = item_history.version_id;

CREATE INDEX item_history_by_item_seq ON item_history (collection_id, item_id, item_seq);

-- Two writes of one item never run this at once: each holds the item's row lock until it
-- commits, and reads the other's versions once it has (a fresh snapshot per statement).
CREATE OR REPLACE FUNCTION store_keep_item_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  now_ms bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  keep bigint := coalesce((SELECT greatest(value, 1) FROM history_settings WHERE key = 'keep'), 200);
  seq bigint := 1 + coalesce((SELECT item_seq FROM item_history
    WHERE collection_id = OLD.collection_id AND item_id = OLD.id
    ORDER BY item_seq DESC LIMIT 1), 0);
BEGIN
  INSERT INTO item_history (collection_id, item_id, data, saved_at, replaced_at, change, item_seq)
  VALUES (
    OLD.collection_id, OLD.id, OLD.data, OLD.updated_at,
    CASE WHEN TG_OP = 'UPDATE' AND NEW.updated_at > OLD.updated_at THEN NEW.updated_at ELSE now_ms END,
    CASE WHEN TG_OP = 'UPDATE' THEN 'updated' ELSE 'removed' END,
    seq);
  IF seq > keep THEN
    DELETE FROM item_history
    WHERE collection_id = OLD.collection_id AND item_id = OLD.id AND item_seq <= seq - keep;
  END IF;
  RETURN NULL;
END;
$$;

-- A declared field's index key is computed for every item written, of any collection (the
-- expression indexes cover all of `items`). As SQL it was inlined and planned afresh by every
-- writing statement; in PL/pgSQL its plan is kept per connection, and a missing field (the
-- usual case outside the declaring collection) returns at once. Same results as 0002's, so the
-- indexes stay valid.
CREATE OR REPLACE FUNCTION store_index_key(value jsonb) RETURNS bytea
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
BEGIN
  IF value IS NULL THEN
    RETURN '\x00'::bytea;
  END IF;
  RETURN substring(store_sort_key(value) FROM 1 FOR 1024);
END
$fn$;
