-- Booking mails, reminders and the client's bookings: the same tables as SQLite's migration
-- 0665. A reminder's row is inserted before it is sent; the primary key lets one node insert it.
CREATE TABLE booking_reminders (
  booking_id     text COLLATE "C" NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  time_revision  integer NOT NULL,
  offset_minutes integer NOT NULL,
  sent_at        bigint NOT NULL,
  PRIMARY KEY (booking_id, time_revision, offset_minutes)
);

CREATE TABLE booking_settings (
  id               integer PRIMARY KEY CHECK (id = 1),
  reminder_minutes text NOT NULL,
  updated_at       bigint NOT NULL
);

ALTER TABLE bookings ADD COLUMN contact_email text COLLATE "C";
ALTER TABLE bookings ADD COLUMN member_id text COLLATE "C";
UPDATE bookings SET contact_email = lower(data::jsonb #>> '{contact,email}');
CREATE INDEX bookings_contact_email ON bookings (contact_email);
CREATE INDEX bookings_member ON bookings (member_id);
