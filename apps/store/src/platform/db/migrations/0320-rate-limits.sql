-- Attempt counters of the sign-in and member limits: kept in the database so that
-- every process on it counts the same attempts. Keys are digests; rows outlive their window
-- only until a limiter prunes them.
CREATE TABLE rate_limits (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  count INTEGER NOT NULL,
  window_ends INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
) STRICT, WITHOUT ROWID;
CREATE INDEX rate_limits_window_ends ON rate_limits (window_ends);
