-- Passkeys: WebAuthn credentials, several per identity, each named. `counter` is the
-- authenticator's signature counter: a sign-in whose counter does not move forward (a cloned
-- authenticator) is refused. Challenges live in identity_tokens (kind 'webauthn'), single use.
CREATE TABLE passkeys (
  credential_id TEXT PRIMARY KEY,
  identity_id   TEXT NOT NULL,
  name          TEXT NOT NULL,
  public_key    TEXT NOT NULL,
  counter       INTEGER NOT NULL DEFAULT 0,
  transports    TEXT NOT NULL DEFAULT '[]',
  created_at    INTEGER NOT NULL,
  last_used_at  INTEGER
) STRICT;
CREATE INDEX passkeys_identity ON passkeys (identity_id, created_at);
