-- Members: identities, their one-time tokens (verification, recovery, session,
-- authorization codes, redirect sessions, browser sessions, remembered devices), TOTP recovery
-- codes and the development mail outbox. Every token and code is stored only as a hash.
CREATE TABLE identities (
  id             TEXT PRIMARY KEY,
  email          TEXT NOT NULL UNIQUE,
  email_verified INTEGER NOT NULL DEFAULT 0,
  password_hash  TEXT,
  status         TEXT NOT NULL,
  reasons        TEXT NOT NULL DEFAULT '[]',
  profile        TEXT NOT NULL DEFAULT '{}',
  revision       INTEGER NOT NULL DEFAULT 1,
  totp_secret    TEXT,
  totp_last_step INTEGER NOT NULL DEFAULT 0,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
) STRICT;

CREATE TABLE identity_tokens (
  token_hash  TEXT PRIMARY KEY,
  kind        TEXT NOT NULL,
  identity_id TEXT,
  payload     TEXT NOT NULL DEFAULT '{}',
  attempts    INTEGER NOT NULL DEFAULT 0,
  expires_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX identity_tokens_identity ON identity_tokens (identity_id, kind);
CREATE INDEX identity_tokens_expiry ON identity_tokens (expires_at);

CREATE TABLE identity_recovery_codes (
  identity_id TEXT NOT NULL,
  code_hash   TEXT NOT NULL,
  PRIMARY KEY (identity_id, code_hash)
) STRICT;

CREATE TABLE mail_outbox (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient  TEXT NOT NULL,
  subject    TEXT NOT NULL,
  body       TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
