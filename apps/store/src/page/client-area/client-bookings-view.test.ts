import type { MemberBooking } from "@consultant/site-content/wire";
import { describe, expect, it } from "vitest";
import { bookingTime, splitBookings } from "./client-bookings-view.ts";

const booking = (id: string, start: string, status: MemberBooking["status"]): MemberBooking => ({
  id,
  title: "Introductory call",
  status,
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  timeZone: "Europe/Berlin",
  manageUrl: null,
});

describe("the client's bookings", () => {
  it("lists upcoming held ones soonest first, then the rest latest first", () => {
    const now = Date.parse("2025-01-02T12:00:00Z");
    const { upcoming, past } = splitBookings(
      [
        booking("later", "2025-01-05T09:00:00Z", "CONFIRMED"),
        booking("soon", "2025-01-03T09:00:00Z", "PENDING"),
        booking("cancelled", "2025-01-04T09:00:00Z", "CANCELED"),
        booking("over", "2025-01-01T09:00:00Z", "CONFIRMED"),
        booking("declined", "2025-01-06T09:00:00Z", "DECLINED"),
      ],
      now,
    );
    expect(upcoming.map((b) => b.id)).toEqual(["soon", "later"]);
    expect(past.map((b) => b.id)).toEqual(["declined", "cancelled", "over"]);
  });

  it("says the time in the reader's zone, with the zone named, across a daylight-saving change", () => {
    const summer = booking("a", "2025-03-31T07:00:00Z", "CONFIRMED");
    // The day's words are Intl's; the clock times and the named zone are ours.
    expect(bookingTime(summer, "Europe/Berlin")).toMatch(
      /^Monday,? 31 March 2025, 09:00–09:30 \(Europe\/Berlin\)$/,
    );
    expect(bookingTime(summer, "America/New_York")).toMatch(
      /^Monday,? 31 March 2025, 03:00–03:30 \(America\/New_York\)$/,
    );
  });
});
