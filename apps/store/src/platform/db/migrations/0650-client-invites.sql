-- The owner's invitations of clients: who, what is shared on arrival, and the link's secret as a
-- digest (never the token). 'pending' until taken up ('accepted') or withdrawn ('revoked').
CREATE TABLE client_invites (
  id           TEXT PRIMARY KEY,
  email        TEXT NOT NULL,
  name         TEXT NOT NULL,
  message      TEXT NOT NULL,
  resource_ids TEXT NOT NULL,
  file_ids     TEXT NOT NULL,
  token_hash   TEXT NOT NULL UNIQUE,
  invited_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,
  state        TEXT NOT NULL CHECK (state IN ('pending', 'accepted', 'revoked')),
  member_id    TEXT,
  ended_at     INTEGER
) STRICT;
CREATE UNIQUE INDEX client_invites_pending_email ON client_invites (email) WHERE state = 'pending';
