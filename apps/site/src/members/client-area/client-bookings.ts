/**
 * The client's bookings as the client area shows them (`GET /members/api/bookings`): upcoming
 * ones first, soonest first, then past and cancelled ones, latest first; each time in the
 * browser's own zone with the zone named.
 */
import type { MemberBooking, MemberBookings } from "@consultant/site-content/wire";
import { content } from "../member-clients.ts";

export function listBookings(): Promise<MemberBookings> {
  return content.call<MemberBookings>({ method: "GET", path: "/members/api/bookings" });
}

export const STATUS_WORDS: Record<MemberBooking["status"], string> = {
  CONFIRMED: "Confirmed",
  PENDING: "Awaiting confirmation",
  DECLINED: "Not confirmed",
  CANCELED: "Cancelled",
};

/** Upcoming (still held, not yet over) and the rest, each in the order a reader wants. */
export function splitBookings(
  bookings: readonly MemberBooking[],
  now: number,
): { upcoming: MemberBooking[]; past: MemberBooking[] } {
  const held = (booking: MemberBooking) =>
    (booking.status === "CONFIRMED" || booking.status === "PENDING") &&
    Date.parse(booking.end) > now;
  const upcoming = bookings.filter(held).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  const past = bookings
    .filter((booking) => !held(booking))
    .sort((a, b) => Date.parse(b.start) - Date.parse(a.start));
  return { upcoming, past };
}

/** `Friday 3 January 2025, 09:00–09:30 (Europe/Berlin)` in `zone` (the browser's by default). */
export function bookingTime(booking: MemberBooking, zone?: string): string {
  const options = zone === undefined ? {} : { timeZone: zone };
  const day = new Intl.DateTimeFormat("en-GB", {
    ...options,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const clock = new Intl.DateTimeFormat("en-GB", {
    ...options,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const start = new Date(booking.start);
  const named = zone ?? clock.resolvedOptions().timeZone;
  return `${day.format(start)}, ${clock.format(start)}–${clock.format(new Date(booking.end))} (${named})`;
}
