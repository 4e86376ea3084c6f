-- Booking: the same tables as SQLite's migration 0610. The claims' primary keys hold against
-- every node at once: a second node inserting a claimed unit waits for the first's commit, then
-- finds the row there (ON CONFLICT DO NOTHING) and gives up its booking.
CREATE TABLE booking_schedule (
  id         integer PRIMARY KEY CHECK (id = 1),
  time_zone  text NOT NULL,
  weekly     text NOT NULL,
  overrides  text NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE booking_policies (
  id         text COLLATE "C" PRIMARY KEY,
  revision   bigint NOT NULL,
  is_default integer NOT NULL CHECK (is_default IN (0, 1)),
  data       text NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE booking_services (
  id         text COLLATE "C" PRIMARY KEY,
  revision   bigint NOT NULL,
  policy_id  text COLLATE "C" NOT NULL REFERENCES booking_policies (id),
  data       text NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL
);

CREATE TABLE bookings (
  id              text COLLATE "C" PRIMARY KEY,
  revision        bigint NOT NULL,
  service_id      text COLLATE "C" NOT NULL,
  status          text COLLATE "C" NOT NULL
    CHECK (status IN ('PENDING', 'CONFIRMED', 'DECLINED', 'CANCELED')),
  start_at        bigint NOT NULL,
  end_at          bigint NOT NULL,
  owner_zone      text NOT NULL,
  owner_day       text COLLATE "C" NOT NULL,
  reschedules     integer NOT NULL DEFAULT 0,
  idempotency_key text COLLATE "C" UNIQUE,
  request_hash    text,
  token_salt      text NOT NULL,
  data            text NOT NULL,
  created_at      bigint NOT NULL,
  updated_at      bigint NOT NULL
);
CREATE INDEX bookings_start ON bookings (start_at);

CREATE TABLE booking_time_claims (
  unit_start bigint PRIMARY KEY,
  booking_id text COLLATE "C" NOT NULL REFERENCES bookings (id) ON DELETE CASCADE
);
CREATE INDEX booking_time_claims_booking ON booking_time_claims (booking_id);

CREATE TABLE booking_day_claims (
  service_id text COLLATE "C" NOT NULL,
  owner_day  text COLLATE "C" NOT NULL,
  seat       integer NOT NULL,
  booking_id text COLLATE "C" NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  PRIMARY KEY (service_id, owner_day, seat)
);
CREATE INDEX booking_day_claims_booking ON booking_day_claims (booking_id);

-- The sample introductory call is seeded once, at the first start that finds this flag 0
-- (bookings/seed-booking.ts).
INSERT INTO meta (key, value) VALUES ('booking_seeded', 0);
