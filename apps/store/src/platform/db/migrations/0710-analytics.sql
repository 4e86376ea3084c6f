-- First-party analytics (docs/analytics.md, docs/privacy.md). No address and no user agent is
-- stored: a visitor is a keyed hash that changes every day, under a salt deleted after its day.
--
-- The day's salt (hex), one row per owner-zone day; rotation deletes the days before.
CREATE TABLE analytics_salts (
  day  TEXT PRIMARY KEY,
  salt TEXT NOT NULL
) STRICT;
-- The owner's settings: how many days raw events and visitor-days are kept.
CREATE TABLE analytics_settings (
  id             INTEGER PRIMARY KEY CHECK (id = 1),
  retention_days INTEGER NOT NULL
) STRICT;
-- Raw events, kept `retention_days`: views ('view'), the end of a view ('leave', with the
-- sections read, scroll depth and seconds) and the server's conversions.
CREATE TABLE analytics_events (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  at           INTEGER NOT NULL,
  day          TEXT NOT NULL,
  kind         TEXT NOT NULL,
  visitor      TEXT NOT NULL,
  path         TEXT NOT NULL,
  referrer     TEXT NOT NULL,
  utm_source   TEXT NOT NULL,
  utm_medium   TEXT NOT NULL,
  utm_campaign TEXT NOT NULL,
  device       TEXT NOT NULL,
  browser      TEXT NOT NULL,
  language     TEXT NOT NULL,
  time_zone    TEXT NOT NULL,
  sections     TEXT NOT NULL,
  scroll       INTEGER,
  seconds      INTEGER
) STRICT;
CREATE INDEX analytics_events_at ON analytics_events (at);
CREATE INDEX analytics_events_day ON analytics_events (day);
-- One row per visitor and day: inserting it claims the visitor's first view of the day, and
-- its flags claim the funnel's steps (and the booking page's first opening, counted once a
-- day), so several nodes never count one twice.
CREATE TABLE analytics_visitors (
  day          TEXT NOT NULL,
  visitor      TEXT NOT NULL,
  source       TEXT NOT NULL,
  hour         TEXT NOT NULL,
  booking_page INTEGER NOT NULL DEFAULT 0,
  booked       INTEGER NOT NULL DEFAULT 0,
  page_opened  INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, visitor)
) STRICT;
-- Daily roll-ups in the owner's zone, kept: dimension '' value '' is the day's totals; the
-- others are the top lists ('referrer', 'utm_source', 'page', 'section', 'conversion', ...).
CREATE TABLE analytics_daily (
  day          TEXT NOT NULL,
  dimension    TEXT NOT NULL,
  value        TEXT NOT NULL,
  visitors     INTEGER NOT NULL DEFAULT 0,
  views        INTEGER NOT NULL DEFAULT 0,
  events       INTEGER NOT NULL DEFAULT 0,
  seconds      INTEGER NOT NULL DEFAULT 0,
  scroll_sum   INTEGER NOT NULL DEFAULT 0,
  scroll_views INTEGER NOT NULL DEFAULT 0,
  booking_page INTEGER NOT NULL DEFAULT 0,
  booked       INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, dimension, value)
) STRICT;
-- Hourly roll-ups in the owner's zone ('YYYY-MM-DDTHH:00'), kept.
CREATE TABLE analytics_hourly (
  hour     TEXT PRIMARY KEY,
  visitors INTEGER NOT NULL DEFAULT 0,
  views    INTEGER NOT NULL DEFAULT 0,
  events   INTEGER NOT NULL DEFAULT 0
) STRICT;
