-- Data collections over the wire: a collection's definition (fields, display field,
-- revision, dates) beside its id and name, and the SITE_MEMBER_AUTHOR role ('author': members,
-- who then update, remove, and with a read role of 'author' read, only the items they created).

ALTER TABLE collections ADD COLUMN display_field TEXT;
ALTER TABLE collections ADD COLUMN fields TEXT NOT NULL DEFAULT '[]'
  CHECK (json_valid(fields) AND json_type(fields) = 'array');
-- Bumped by every update; an update naming another revision is refused (409).
ALTER TABLE collections ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
-- Epoch ms; null for the collections made before this migration.
ALTER TABLE collections ADD COLUMN created_at INTEGER;
ALTER TABLE collections ADD COLUMN updated_at INTEGER;

-- SQLite cannot change a CHECK constraint: the table is rebuilt with 'author' allowed.
CREATE TABLE collection_permissions_0300 (
  collection_id TEXT PRIMARY KEY REFERENCES collections (id) ON DELETE CASCADE,
  read_role     TEXT NOT NULL DEFAULT 'anyone'
    CHECK (read_role IN ('anyone', 'member', 'author', 'admin')),
  insert_role   TEXT NOT NULL DEFAULT 'admin'
    CHECK (insert_role IN ('anyone', 'member', 'author', 'admin')),
  update_role   TEXT NOT NULL DEFAULT 'admin'
    CHECK (update_role IN ('anyone', 'member', 'author', 'admin')),
  remove_role   TEXT NOT NULL DEFAULT 'admin'
    CHECK (remove_role IN ('anyone', 'member', 'author', 'admin'))
) STRICT;

INSERT INTO collection_permissions_0300 (collection_id, read_role, insert_role, update_role, remove_role)
  SELECT collection_id, read_role, insert_role, update_role, remove_role FROM collection_permissions;

DROP TABLE collection_permissions;
ALTER TABLE collection_permissions_0300 RENAME TO collection_permissions;

-- The triggers of 0051 went with the old table: a permission change still bumps the version.
CREATE TRIGGER collection_permissions_version_insert AFTER INSERT ON collection_permissions BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER collection_permissions_version_update AFTER UPDATE ON collection_permissions BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER collection_permissions_version_delete AFTER DELETE ON collection_permissions BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
-- A collection's definition answers reads too (its fields): changing it bumps the version.
CREATE TRIGGER collections_version_update AFTER UPDATE ON collections BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER collections_version_delete AFTER DELETE ON collections BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
