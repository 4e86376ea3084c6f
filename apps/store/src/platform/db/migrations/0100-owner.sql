-- The owner's editor: the password hash, server-side sessions and one-time setup
-- tokens. Session ids and setup tokens are stored only as SHA-256 hashes.
CREATE TABLE owner_credentials (
  id            INTEGER PRIMARY KEY CHECK (id = 1),
  password_hash TEXT NOT NULL,
  updated_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE owner_sessions (
  id_hash      TEXT PRIMARY KEY,
  created_at   INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
) STRICT;

CREATE TABLE owner_setup_tokens (
  token_hash TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
) STRICT;
