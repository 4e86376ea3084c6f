-- Writers that do not wait for each other.
--
-- The content version was one meta row that every content write updated, so every writer held
-- its lock until its commit and the next one waited. It is now meta's `content_version` (the base)
-- plus the sum of 64 counters, each write adding 1 to the counter of its connection's slot: two
-- writers wait for each other only when their connections share a slot. A reader sums the
-- counters of its snapshot, so the version counts the committed content writes, only goes up,
-- and two snapshots with different content have different versions.
CREATE TABLE content_version_slots (
  slot  integer PRIMARY KEY,
  value bigint NOT NULL
);

INSERT INTO content_version_slots (slot, value) SELECT slot, 0 FROM generate_series(0, 63) AS slot;

CREATE OR REPLACE FUNCTION store_bump_content_version_if_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT FROM changed) THEN
    RETURN NULL;
  END IF;
  UPDATE content_version_slots SET value = value + 1 WHERE slot = pg_backend_pid() % 64;
  PERFORM pg_notify('store_content_version', '');
  RETURN NULL;
END;
$$;

-- What every request checks (the API key, the collections and their permissions) is kept by each
-- node until one of these tables changes, whichever client changes it: then every node forgets it.
-- The notice names the schema, so that stores sharing a database in schemas of their own (tests)
-- keep what only another's changes would have made them forget.
CREATE FUNCTION store_notify_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_access_changed', current_schema());
  RETURN NULL;
END;
$$;

CREATE TRIGGER api_key_access_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON api_key
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_access_changed();
CREATE TRIGGER collections_access_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON collections
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_access_changed();
CREATE TRIGGER collection_permissions_access_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON collection_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION store_notify_access_changed();
