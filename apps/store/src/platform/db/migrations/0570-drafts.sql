-- Drafts and publishing: pending changes kept apart from the live items (no visitor
-- read touches these tables), what was published and by whom, and the preview links (their
-- secrets only as SHA-256 digests).
CREATE TABLE pending_changes (
  collection_id TEXT NOT NULL,
  item_id       TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('put', 'remove')),
  data          TEXT,
  publish_at    INTEGER,
  saved_by      TEXT NOT NULL,
  saved_at      INTEGER NOT NULL,
  scheduled_by  TEXT,
  PRIMARY KEY (collection_id, item_id, kind)
) STRICT;
CREATE INDEX pending_changes_due ON pending_changes (publish_at) WHERE publish_at IS NOT NULL;

CREATE TABLE publications (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  collection_id TEXT NOT NULL,
  item_id       TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('put', 'remove')),
  published_at  INTEGER NOT NULL,
  published_by  TEXT,
  scheduled_by  TEXT
) STRICT;
CREATE INDEX publications_collection ON publications (collection_id, id);

CREATE TABLE preview_links (
  id          TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL UNIQUE,
  label       TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  created_by  TEXT NOT NULL
) STRICT;

-- The highest content version a CDN purge was sent for: the node that raises it sends the purge,
-- so a change is purged once however many nodes notice it.
INSERT INTO meta (key, value) VALUES ('purged_version', 0) ON CONFLICT DO NOTHING;
