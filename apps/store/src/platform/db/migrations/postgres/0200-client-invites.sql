-- The owner's invitations of clients: the same table as SQLite's migration 0650.
CREATE TABLE client_invites (
  id           text COLLATE "C" PRIMARY KEY,
  email        text COLLATE "C" NOT NULL,
  name         text NOT NULL,
  message      text NOT NULL,
  resource_ids text NOT NULL,
  file_ids     text NOT NULL,
  token_hash   text COLLATE "C" NOT NULL UNIQUE,
  invited_at   bigint NOT NULL,
  expires_at   bigint NOT NULL,
  state        text COLLATE "C" NOT NULL CHECK (state IN ('pending', 'accepted', 'revoked')),
  member_id    text COLLATE "C",
  ended_at     bigint
);
CREATE UNIQUE INDEX client_invites_pending_email ON client_invites (email) WHERE state = 'pending';
