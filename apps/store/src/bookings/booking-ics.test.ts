import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { bookingIcs } from "./booking-ics.ts";
import type { Booking } from "./booking-types.ts";

const booking: Booking = {
  id: "5b1a1c8e-7f3e-4c4a-9a51-0f2f3b9f6a10",
  revision: 1,
  serviceId: "s",
  status: "CONFIRMED",
  start: Date.parse("2026-03-30T07:00:00Z"),
  end: Date.parse("2026-03-30T07:30:00Z"),
  ownerZone: "Europe/Berlin",
  ownerDay: "2026-03-30",
  reschedules: 0,
  title: "Introductory call",
  contact: {
    firstName: "Ada",
    lastName: "Visitor",
    email: "ada@example.com",
    phone: "",
    timeZone: "America/New_York",
  },
  note: "",
  createdAt: 0,
  updatedAt: 0,
};
const options = {
  host: "consultant.example",
  organizer: "owner@example.com",
  location: "Video call",
  now: Date.parse("2026-03-01T00:00:00Z"),
};

/** The event as a calendar reads it back. */
function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const event = calendar.getFirstSubcomponent("vevent");
  if (event === null) throw new Error("no VEVENT in the calendar");
  return {
    method: calendar.getFirstPropertyValue("method"),
    uid: event.getFirstPropertyValue("uid"),
    sequence: event.getFirstPropertyValue("sequence"),
    start: (event.getFirstPropertyValue("dtstart") as ICAL.Time).toJSDate().toISOString(),
    status: event.getFirstPropertyValue("status"),
  };
}

describe("a booking as a calendar event", () => {
  it("opens at its instant; a move keeps the UID and raises SEQUENCE; a cancel says CANCEL", () => {
    const made = read(bookingIcs(booking, options));
    const moved = read(
      bookingIcs({ ...booking, reschedules: 1, start: booking.start + 3_600_000 }, options),
    );
    const cancelled = read(bookingIcs({ ...booking, reschedules: 1, status: "CANCELED" }, options));

    expect(made).toEqual({
      method: "REQUEST",
      uid: `booking-${booking.id}@consultant.example`,
      sequence: 0,
      start: "2026-03-30T07:00:00.000Z",
      status: "CONFIRMED",
    });
    expect(moved).toMatchObject({ uid: made.uid, sequence: 1, start: "2026-03-30T08:00:00.000Z" });
    expect(cancelled).toMatchObject({
      method: "CANCEL",
      uid: made.uid,
      sequence: 2,
      status: "CANCELLED",
    });
  });
});
