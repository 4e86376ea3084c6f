-- Attempt counters of the sign-in and member limits, shared by every node; the same
-- table as SQLite's migration 0320.
CREATE TABLE rate_limits (
  scope text COLLATE "C" NOT NULL,
  key text COLLATE "C" NOT NULL,
  count integer NOT NULL,
  window_ends bigint NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX rate_limits_window_ends ON rate_limits (window_ends);
