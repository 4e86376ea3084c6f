-- Sessions are records: one row per sign-in. A `page` session is a sign-in on the
-- store's own pages (its cookie); a `token` session holds one client's OAuth tokens, started by
-- a grant, or by an authorization code from a page session (`parent_id`), with which it ends.
-- `role` says whose sign-in it is ('member' now; the owner and collaborators later). Access and
-- refresh tokens name their session; a session that ended (`ended_at`) refuses them.
-- `refresh_generation` counts the refresh tokens issued; `refresh_presented` is the newest one
-- ever presented: an older one presented again is a stolen copy, and ends the session.
CREATE TABLE sessions (
  id                 TEXT PRIMARY KEY,
  identity_id        TEXT NOT NULL,
  role               TEXT NOT NULL,
  channel            TEXT NOT NULL CHECK (channel IN ('page', 'token')),
  parent_id          TEXT,
  created_at         INTEGER NOT NULL,
  last_used_at       INTEGER NOT NULL,
  auth_at            INTEGER NOT NULL,
  user_agent         TEXT,
  client_address     TEXT,
  refresh_generation INTEGER NOT NULL DEFAULT 0,
  refresh_presented  INTEGER NOT NULL DEFAULT 0,
  ended_at           INTEGER,
  end_reason         TEXT
) STRICT;
CREATE INDEX sessions_identity ON sessions (identity_id, ended_at);
CREATE INDEX sessions_parent ON sessions (parent_id);
CREATE INDEX sessions_last_used ON sessions (last_used_at);
