-- Access: the API key's hash, per-collection permissions, and item references.

-- One API key for elevated calls. Only its SHA-256 hash is kept (the key is 256 random bits, so
-- a fast hash is enough; see auth/api-key.ts).
CREATE TABLE api_key (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  key_hash   TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;

-- Who may read, insert, update and remove in each collection. Replaces the JSON column of 0001.
CREATE TABLE collection_permissions (
  collection_id TEXT PRIMARY KEY REFERENCES collections (id) ON DELETE CASCADE,
  read_role     TEXT NOT NULL DEFAULT 'anyone' CHECK (read_role IN ('anyone', 'member', 'admin')),
  insert_role   TEXT NOT NULL DEFAULT 'admin' CHECK (insert_role IN ('anyone', 'member', 'admin')),
  update_role   TEXT NOT NULL DEFAULT 'admin' CHECK (update_role IN ('anyone', 'member', 'admin')),
  remove_role   TEXT NOT NULL DEFAULT 'admin' CHECK (remove_role IN ('anyone', 'member', 'admin'))
) STRICT;

INSERT INTO collection_permissions (collection_id) SELECT id FROM collections;

ALTER TABLE collections DROP COLUMN permissions;

-- Multi-reference fields: which collection a field's references point into. A field that is not
-- listed points into its own collection.
CREATE TABLE reference_fields (
  collection_id            TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  field                    TEXT NOT NULL,
  referenced_collection_id TEXT NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  PRIMARY KEY (collection_id, field)
) STRICT;

INSERT INTO reference_fields (collection_id, field, referenced_collection_id)
VALUES ('Services', 'clients', 'Clients');

-- References live beside the items, not inside their data. Removing the referring item removes
-- its references; a referenced item may be missing (reported as an unresolved reference).
CREATE TABLE item_references (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  collection_id  TEXT NOT NULL,
  field          TEXT NOT NULL,
  referring_id   TEXT NOT NULL,
  referenced_id  TEXT NOT NULL,
  UNIQUE (collection_id, field, referring_id, referenced_id),
  FOREIGN KEY (collection_id, referring_id) REFERENCES items (collection_id, id) ON DELETE CASCADE
) STRICT;
