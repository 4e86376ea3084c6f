-- The owner's calendar as busy time (docs/bookings.md, "The owner's calendar"): one row with the
-- ICS feed's address, the last good copy of it (it keeps blocking slots while the feed is down),
-- what the last read found, and next_read_at, the claim row of the schedule: the node whose
-- UPDATE moves it forward reads the feed, so several nodes read it once per tick.
CREATE TABLE booking_calendar_feed (
  id           INTEGER PRIMARY KEY CHECK (id = 1),
  url          TEXT NOT NULL,
  body         TEXT,
  version      INTEGER NOT NULL,
  event_count  INTEGER NOT NULL DEFAULT 0,
  last_read_at INTEGER,
  last_good_at INTEGER,
  last_error   TEXT,
  next_read_at INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
) STRICT;
