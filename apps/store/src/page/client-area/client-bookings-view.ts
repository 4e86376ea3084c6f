/**
 * @module The client area's bookings: upcoming ones (soonest first) with their manage links, then
 * past and cancelled ones (latest first, ten at most). Each time is written in the zone the client
 * booked in, and the client area's script rewrites it in the browser's own zone, the zone named.
 */
import type { MemberBooking } from "@consultant/site-content/wire";
import { type Html, html } from "../../platform/pages/html.ts";

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

/** `Friday 3 January 2025, 09:00–09:30 (Europe/Berlin)` in `zone`. */
export function bookingTime(booking: Pick<MemberBooking, "start" | "end">, zone: string): string {
  const day = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  });
  const clock = new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const start = new Date(booking.start);
  return `${day.format(start)}, ${clock.format(start)}–${clock.format(new Date(booking.end))} (${zone})`;
}

function zoneOf(booking: MemberBooking): string {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: booking.timeZone });
    return booking.timeZone;
  } catch {
    return "UTC";
  }
}

function bookingRow(booking: MemberBooking, upcoming: boolean): Html {
  const time = bookingTime(booking, zoneOf(booking));
  return html`<li><div><p><strong>${booking.title}</strong></p>
<p class="booking-time" data-start="${booking.start}" data-end="${booking.end}">${time}</p>
<p>${STATUS_WORDS[booking.status]}</p></div>
${
  upcoming && booking.manageUrl !== null
    ? html`<a class="button secondary" href="${booking.manageUrl}">Manage<span class="sr-only"> ${booking.title}, <span class="booking-time" data-start="${booking.start}" data-end="${booking.end}">${time}</span></span></a>`
    : ""
}
</li>`;
}

export function bookingsSection(bookings: readonly MemberBooking[], now: number): Html | string {
  if (bookings.length === 0) return "";
  const { upcoming, past } = splitBookings(bookings, now);
  return html`<section aria-labelledby="bookings-heading">
<h2 id="bookings-heading">Your bookings</h2>
${
  upcoming.length === 0
    ? html`<p>Nothing booked ahead.</p>`
    : html`<ul class="rows" aria-label="Upcoming bookings">${upcoming.map((booking) => bookingRow(booking, true))}</ul>`
}
${
  past.length === 0
    ? ""
    : html`<h3>Past and cancelled</h3>
<ul class="rows" aria-label="Past and cancelled bookings">${past.slice(0, 10).map((booking) => bookingRow(booking, false))}</ul>`
}
</section>`;
}
