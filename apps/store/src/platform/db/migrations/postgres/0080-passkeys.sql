-- Passkeys: the same table as SQLite's migration 0520.
CREATE TABLE passkeys (
  credential_id text COLLATE "C" PRIMARY KEY,
  identity_id   text COLLATE "C" NOT NULL,
  name          text COLLATE "C" NOT NULL,
  public_key    text COLLATE "C" NOT NULL,
  counter       bigint NOT NULL DEFAULT 0,
  transports    text COLLATE "C" NOT NULL DEFAULT '[]',
  created_at    bigint NOT NULL,
  last_used_at  bigint
);
CREATE INDEX passkeys_identity ON passkeys (identity_id, created_at);
