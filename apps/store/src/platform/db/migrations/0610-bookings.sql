-- Booking (docs/protocol.md §14): the owner's schedule (one row), booking policies, services, the
-- bookings, and the claims that make a double booking impossible. A booking claims every five
-- minutes of its time, buffers included (booking_time_claims, one row per unit, the unit's
-- start in UTC ms as the primary key), and one seat of its service's day (booking_day_claims,
-- seats 1..max per day), in the transaction that inserts it: a second booking of any of those
-- units or seats violates the primary key, whatever the engine or the number of store nodes.
-- Times are instants (UTC ms); the zone they were booked in is kept beside them.
CREATE TABLE booking_schedule (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  time_zone  TEXT NOT NULL,
  weekly     TEXT NOT NULL,
  overrides  TEXT NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE booking_policies (
  id         TEXT PRIMARY KEY,
  revision   INTEGER NOT NULL,
  is_default INTEGER NOT NULL CHECK (is_default IN (0, 1)),
  data       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE booking_services (
  id         TEXT PRIMARY KEY,
  revision   INTEGER NOT NULL,
  policy_id  TEXT NOT NULL REFERENCES booking_policies (id),
  data       TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE bookings (
  id              TEXT PRIMARY KEY,
  revision        INTEGER NOT NULL,
  service_id      TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('PENDING', 'CONFIRMED', 'DECLINED', 'CANCELED')),
  start_at        INTEGER NOT NULL,
  end_at          INTEGER NOT NULL,
  owner_zone      TEXT NOT NULL,
  owner_day       TEXT NOT NULL,
  reschedules     INTEGER NOT NULL DEFAULT 0,
  idempotency_key TEXT UNIQUE,
  request_hash    TEXT,
  token_salt      TEXT NOT NULL,
  data            TEXT NOT NULL,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
) STRICT;
CREATE INDEX bookings_start ON bookings (start_at);

CREATE TABLE booking_time_claims (
  unit_start INTEGER PRIMARY KEY,
  booking_id TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE
) STRICT;
CREATE INDEX booking_time_claims_booking ON booking_time_claims (booking_id);

CREATE TABLE booking_day_claims (
  service_id TEXT NOT NULL,
  owner_day  TEXT NOT NULL,
  seat       INTEGER NOT NULL,
  booking_id TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  PRIMARY KEY (service_id, owner_day, seat)
) STRICT;
CREATE INDEX booking_day_claims_booking ON booking_day_claims (booking_id);

-- The sample introductory call is seeded once, at the first start that finds this flag 0
-- (bookings/seed-booking.ts).
INSERT INTO meta (key, value) VALUES ('booking_seeded', 0);
