-- One identity: the same change as SQLite's migration 0420.
ALTER TABLE identities ADD COLUMN role text COLLATE "C" NOT NULL DEFAULT 'member';

INSERT INTO identities (id, email, email_verified, password_hash, status, reasons, profile, role,
  created_at, updated_at)
  SELECT 'owner', 'owner', 0, password_hash, 'ACTIVE', '[]', '{}', 'owner', updated_at, updated_at
  FROM owner_credentials;

DROP TABLE owner_credentials;
DROP TABLE owner_sessions;

CREATE TABLE owner_sessions (
  id_hash      text COLLATE "C" PRIMARY KEY,
  identity_id  text COLLATE "C" NOT NULL,
  sid          text COLLATE "C" NOT NULL,
  created_at   bigint NOT NULL,
  last_seen_at bigint NOT NULL
);
CREATE INDEX owner_sessions_identity ON owner_sessions (identity_id);
