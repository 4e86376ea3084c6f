-- Sessions are records: the same table as SQLite's migration 0400. Ending or removing
-- a session tells every node (LISTEN store_session_ended, the session id as payload) once the
-- transaction commits, so a node that keeps sessions' liveness in memory forgets it at once.
CREATE TABLE sessions (
  id                 text COLLATE "C" PRIMARY KEY,
  identity_id        text COLLATE "C" NOT NULL,
  role               text COLLATE "C" NOT NULL,
  channel            text COLLATE "C" NOT NULL CHECK (channel IN ('page', 'token')),
  parent_id          text COLLATE "C",
  created_at         bigint NOT NULL,
  last_used_at       bigint NOT NULL,
  auth_at            bigint NOT NULL,
  user_agent         text COLLATE "C",
  client_address     text COLLATE "C",
  refresh_generation bigint NOT NULL DEFAULT 0,
  refresh_presented  bigint NOT NULL DEFAULT 0,
  ended_at           bigint,
  end_reason         text COLLATE "C"
);
CREATE INDEX sessions_identity ON sessions (identity_id, ended_at);
CREATE INDEX sessions_parent ON sessions (parent_id);
CREATE INDEX sessions_last_used ON sessions (last_used_at);

CREATE FUNCTION store_notify_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_session_ended', OLD.id);
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_ended AFTER UPDATE OF ended_at ON sessions FOR EACH ROW
  WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL)
  EXECUTE FUNCTION store_notify_session_ended();
CREATE TRIGGER sessions_removed AFTER DELETE ON sessions FOR EACH ROW
  EXECUTE FUNCTION store_notify_session_ended();

-- A member blocked or removed by any path (the members command, SQL) is no longer live either:
-- every node forgets what it kept of their sessions.
CREATE FUNCTION store_notify_identity_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('store_session_ended', s.id) FROM sessions s WHERE s.identity_id = OLD.id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER identities_status_sessions AFTER UPDATE OF status ON identities FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION store_notify_identity_sessions();
CREATE TRIGGER identities_removed_sessions AFTER DELETE ON identities FOR EACH ROW
  EXECUTE FUNCTION store_notify_identity_sessions();
