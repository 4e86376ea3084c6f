/**
 * @module A booking as an iCalendar event (RFC 5545), made with ical.js: a stable UID per
 * booking, SEQUENCE counting its moves, METHOD:CANCEL once it is cancelled or declined, STATUS
 * TENTATIVE while it waits for the owner's approval, times in UTC (every calendar shows them in
 * its reader's zone). For the mails and the manage page.
 */
import type ICALModule from "ical.js";
import { requireOnFirstUse } from "../platform/load-on-first-use.ts";
import type { Booking } from "./booking-types.ts";

export type IcsOptions = {
  /** The host the UIDs are scoped to (the site's), e.g. `consultant.example`. */
  host: string;
  /** The organiser's address. */
  organizer: string;
  /** Where the meeting is (a video link, a phone number, an address). */
  location: string;
  now: number;
};

/** Loaded with the first event made, not at start (docs/benchmarks.md, idle memory). */
const ical = requireOnFirstUse<typeof ICALModule>("ical.js");
const utc = (ms: number) => ical().Time.fromJSDate(new Date(ms), true);

export function bookingIcs(booking: Booking, options: IcsOptions): string {
  const cancelled = booking.status === "CANCELED" || booking.status === "DECLINED";
  const calendar = new (ical().Component)(["vcalendar", [], []]);
  calendar.updatePropertyWithValue("prodid", "-//consultant-site//booking//EN");
  calendar.updatePropertyWithValue("version", "2.0");
  calendar.updatePropertyWithValue("method", cancelled ? "CANCEL" : "REQUEST");
  const event = new (ical().Component)("vevent");
  event.updatePropertyWithValue("uid", `booking-${booking.id}@${options.host}`);
  event.updatePropertyWithValue("sequence", booking.reschedules + (cancelled ? 1 : 0));
  event.updatePropertyWithValue("dtstamp", utc(options.now));
  event.updatePropertyWithValue("dtstart", utc(booking.start));
  event.updatePropertyWithValue("dtend", utc(booking.end));
  event.updatePropertyWithValue("summary", booking.title);
  event.updatePropertyWithValue("location", options.location);
  const status = booking.status === "PENDING" ? "TENTATIVE" : "CONFIRMED";
  event.updatePropertyWithValue("status", cancelled ? "CANCELLED" : status);
  event.updatePropertyWithValue("organizer", `mailto:${options.organizer}`);
  const attendee = event.addPropertyWithValue("attendee", `mailto:${booking.contact.email}`);
  const name = `${booking.contact.firstName} ${booking.contact.lastName}`.trim();
  attendee.setParameter("cn", name);
  calendar.addSubcomponent(event);
  return calendar.toString();
}
