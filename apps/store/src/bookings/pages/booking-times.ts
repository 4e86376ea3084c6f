/**
 * @module The free times and bookings as a visitor reads them: days and times in the visitor's
 * zone, labelled with luxon, and the zone named beside them (docs/bookings.md, "Time"). The
 * instants themselves come from slot-finder.ts; nothing here does offset arithmetic.
 */
import type {
  BookingDay,
  BookingServiceChoice,
  BookingSummary,
  BookingTimes,
} from "@consultant/site-content/wire";
import type * as Luxon from "luxon";
import type { DateTime } from "luxon";
import { requireOnFirstUse } from "../../platform/load-on-first-use.ts";
import type { Slot } from "../availability.ts";
import type { Booking, BookingService } from "../booking-types.ts";
import { whereWords } from "../where-words.ts";
import { isTimeZone } from "../zoned-time.ts";

/** How many days one page of times shows. */
export const DAYS_SHOWN = 7;
/** How far ahead the page offers days when the policy sets no booking window. */
const DEFAULT_REACH_DAYS = 365;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LOCALE = "en";
/** Loaded with the first booking page, not at start (docs/benchmarks.md, idle memory). */
const luxon = requireOnFirstUse<typeof Luxon>("luxon");

let zones: readonly string[] | null = null;

/** Every IANA zone the store knows, for the visitor's choice. */
export function knownZones(): readonly string[] {
  zones ??= [...new Set([...Intl.supportedValuesOf("timeZone"), "UTC"])].sort();
  return zones;
}

/** The zone a visitor asked for, or null for none or one that is not a zone. */
export function askedZone(value: unknown): string | null {
  return typeof value === "string" && value.length <= 64 && isTimeZone(value) ? value : null;
}

/** The zone's name as a reader sees it at `at` ("Central European Standard Time"). */
export function zoneName(zone: string, at: number): string {
  const parts = new Intl.DateTimeFormat(LOCALE, { timeZone: zone, timeZoneName: "long" });
  return parts.formatToParts(at).find((part) => part.type === "timeZoneName")?.value ?? zone;
}

function dayOf(ms: number, zone: string): DateTime {
  return luxon().DateTime.fromMillis(ms, { zone }).setLocale(LOCALE);
}

/** The first day of a page of days: `asked` (YYYY-MM-DD) within [today, last], else today. */
export function firstDay(asked: unknown, today: string, last: string): string {
  if (typeof asked !== "string" || !DATE.test(asked)) return today;
  if (!luxon().DateTime.fromISO(asked).isValid) return today;
  if (asked < today) return today;
  return asked > last ? last : asked;
}

export type DayRange = { from: string; start: number; end: number; today: string; last: string };

/** The instants of the days shown from `asked` in `zone`, within how far ahead one may book. */
export function dayRange(
  asked: unknown,
  zone: string,
  now: number,
  windowMinutes: number | null,
): DayRange {
  const today = dayOf(now, zone).toISODate() as string;
  const reach = windowMinutes === null ? DEFAULT_REACH_DAYS * 1440 : windowMinutes;
  const last = dayOf(now + reach * 60_000, zone).toISODate() as string;
  const from = firstDay(asked, today, last);
  const first = luxon().DateTime.fromISO(from, { zone }).startOf("day");
  return {
    from,
    start: first.toMillis(),
    end: first.plus({ days: DAYS_SHOWN }).toMillis(),
    today,
    last,
  };
}

/** The days of `range` that have free times, each time labelled in `zone`. */
export function timesOf(slots: readonly Slot[], zone: string, range: DayRange): BookingTimes {
  const days = new Map<string, BookingDay>();
  for (const slot of [...slots].sort((a, b) => a.start - b.start)) {
    const local = dayOf(slot.start, zone);
    const date = local.toISODate() as string;
    let day = days.get(date);
    if (day === undefined) {
      day = { date, label: local.toFormat("cccc, d LLLL"), times: [] };
      days.set(date, day);
    }
    day.times.push({ value: new Date(slot.start).toISOString(), label: local.toFormat("HH:mm") });
  }
  const shift = (date: string, by: number) =>
    luxon().DateTime.fromISO(date).plus({ days: by }).toISODate() as string;
  const next = shift(range.from, DAYS_SHOWN);
  const before = shift(range.from, -DAYS_SHOWN);
  return {
    zone,
    zoneName: zoneName(zone, range.start),
    days: [...days.values()],
    earlier: range.from > range.today ? (before < range.today ? range.today : before) : null,
    later: next <= range.last ? next : null,
    from: range.from,
  };
}

/** "Monday, 7 December 2026, 09:30–10:00" in `zone`. */
export function whenOf(start: number, end: number, zone: string): string {
  const from = dayOf(start, zone);
  return `${from.toFormat("cccc, d LLLL yyyy, HH:mm")}–${dayOf(end, zone).toFormat("HH:mm")}`;
}

export function summaryOf(booking: Booking, zone: string, location: string): BookingSummary {
  return {
    service: booking.title,
    location,
    when: whenOf(booking.start, booking.end, zone),
    zone,
    zoneName: zoneName(zone, booking.start),
    status: booking.status,
  };
}

export function serviceChoice(service: BookingService): BookingServiceChoice {
  return {
    id: service.id,
    name: service.name,
    tagLine: service.tagLine,
    description: service.description,
    priceText: service.priceText,
    durationMinutes: service.durationMinutes,
    location: whereWords(service),
  };
}
