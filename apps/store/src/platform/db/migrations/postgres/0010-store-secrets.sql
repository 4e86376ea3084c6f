-- Secrets every node must share: the token signing key when SIGNING_KEY does not give
-- one, and a check value that makes a node with a different SIGNING_KEY refuse to start.
-- Created by whichever node gets there first (INSERT ... ON CONFLICT DO NOTHING, then read back).
CREATE TABLE store_secrets (
  name text COLLATE "C" PRIMARY KEY,
  value text NOT NULL,
  created_at bigint NOT NULL
);
