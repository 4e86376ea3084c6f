-- One identity: the owner signs in through the identity service. Identities get a
-- role (member, owner, or editor: a collaborator who edits content only); the owner's password
-- moves into an identity with role 'owner' (e-mail 'owner', which is no address, until the owner
-- sets one for the mailed reset). An editor cookie session names its identity and its session
-- record (`sid`, in `sessions`): ending the record (sign-out, "sign out everywhere", a new
-- password, removal) ends the cookie. Open sessions end with this migration: the owner signs in
-- again.
ALTER TABLE identities ADD COLUMN role TEXT NOT NULL DEFAULT 'member';

INSERT INTO identities (id, email, email_verified, password_hash, status, reasons, profile, role,
  created_at, updated_at)
  SELECT 'owner', 'owner', 0, password_hash, 'ACTIVE', '[]', '{}', 'owner', updated_at, updated_at
  FROM owner_credentials;

DROP TABLE owner_credentials;
DROP TABLE owner_sessions;

CREATE TABLE owner_sessions (
  id_hash      TEXT PRIMARY KEY,
  identity_id  TEXT NOT NULL,
  sid          TEXT NOT NULL,
  created_at   INTEGER NOT NULL,
  last_seen_at INTEGER NOT NULL
) STRICT;
CREATE INDEX owner_sessions_identity ON owner_sessions (identity_id);
