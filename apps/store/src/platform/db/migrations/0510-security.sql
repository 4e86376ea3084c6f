-- The security page: each identity's recent sign-ins and failed attempts (kept
-- bounded: the newest 50 per identity, none older than 90 days), and the owner's audit log of
-- who changed what, when and from where. An audit entry names its actor by identity id (staff)
-- or by kind ('api-key', 'member', 'command'); a member's deletion names no one.
CREATE TABLE sign_ins (
  id          TEXT PRIMARY KEY,
  identity_id TEXT NOT NULL,
  at          INTEGER NOT NULL,
  outcome     TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
  method      TEXT NOT NULL,
  address     TEXT,
  user_agent  TEXT
) STRICT;
CREATE INDEX sign_ins_identity ON sign_ins (identity_id, at);
CREATE INDEX sign_ins_at ON sign_ins (at);

CREATE TABLE audit_log (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT,
  at         INTEGER NOT NULL,
  actor_id   TEXT,
  actor_kind TEXT NOT NULL,
  action     TEXT NOT NULL,
  target     TEXT,
  address    TEXT
) STRICT;
