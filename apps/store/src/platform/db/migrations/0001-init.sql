-- Collections, items and store metadata. Item data is a JSON object that already holds the
-- system fields (_id, _createdDate, _updatedDate, _ownerId) so queries see one document.
CREATE TABLE collections (
  id           TEXT PRIMARY KEY,
  display_name TEXT NOT NULL,
  -- JSON: {read, insert, update, remove} roles; enforced by a later release.
  permissions  TEXT NOT NULL DEFAULT '{"read":"ANYONE","insert":"ADMIN","update":"ADMIN","remove":"ADMIN"}'
    CHECK (json_valid(permissions))
) STRICT;

INSERT INTO collections (id, display_name) VALUES
  ('HomePage', 'Home page'),
  ('About', 'About'),
  ('Services', 'Services'),
  ('Clients', 'Clients'),
  ('WhyWorkWithMe', 'Why work with me');

CREATE TABLE items (
  seq           INTEGER PRIMARY KEY AUTOINCREMENT,
  collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  id            TEXT NOT NULL,
  data          TEXT NOT NULL CHECK (json_valid(data) AND json_type(data) = 'object'),
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL,
  owner_id      TEXT,
  UNIQUE (collection_id, id)
) STRICT;

CREATE INDEX items_collection_seq ON items (collection_id, seq);

CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) STRICT;

INSERT INTO meta (key, value) VALUES ('content_version', 0), ('seeded', 0);

-- Any change to items bumps the content version, whichever code path writes.
CREATE TRIGGER items_version_insert AFTER INSERT ON items BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER items_version_update AFTER UPDATE ON items BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
CREATE TRIGGER items_version_delete AFTER DELETE ON items BEGIN
  UPDATE meta SET value = value + 1 WHERE key = 'content_version';
END;
