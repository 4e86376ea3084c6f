-- Booking mails, reminders and the client's bookings (docs/bookings.md, "Mails and reminders").
-- A reminder is claimed by inserting its row before it is sent: the primary key (booking, the
-- revision of its time, the offset) lets one node of many insert it, so each goes out once;
-- a move gives the booking a new time revision, and so new reminders.
CREATE TABLE booking_reminders (
  booking_id     TEXT NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  time_revision  INTEGER NOT NULL,
  offset_minutes INTEGER NOT NULL,
  sent_at        INTEGER NOT NULL,
  PRIMARY KEY (booking_id, time_revision, offset_minutes)
) STRICT;

-- The owner's booking settings beside the schedule (one row): when reminders go out.
CREATE TABLE booking_settings (
  id               INTEGER PRIMARY KEY CHECK (id = 1),
  reminder_minutes TEXT NOT NULL,
  updated_at       INTEGER NOT NULL
) STRICT;

-- Whose booking it is: the client's address and, when they were signed in, their member id, so
-- the client area lists a member's own and the member's erasure finds them.
ALTER TABLE bookings ADD COLUMN contact_email TEXT;
ALTER TABLE bookings ADD COLUMN member_id TEXT;
UPDATE bookings SET contact_email = lower(json_extract(data, '$.contact.email'));
CREATE INDEX bookings_contact_email ON bookings (contact_email);
CREATE INDEX bookings_member ON bookings (member_id);
