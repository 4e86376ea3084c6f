-- The owner's calendar feed: the same table as SQLite's migration 0663.
CREATE TABLE booking_calendar_feed (
  id           integer PRIMARY KEY CHECK (id = 1),
  url          text NOT NULL,
  body         text,
  version      bigint NOT NULL,
  event_count  integer NOT NULL DEFAULT 0,
  last_read_at bigint,
  last_good_at bigint,
  last_error   text,
  next_read_at bigint NOT NULL,
  updated_at   bigint NOT NULL
);
