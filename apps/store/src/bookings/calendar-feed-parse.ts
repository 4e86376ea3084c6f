/**
 * @module The owner's calendar (an ICS feed) read as busy time, with ical.js (docs/bookings.md,
 * "The owner's calendar"): every event's occurrences in a window, recurring ones expanded by
 * their RRULE, RDATE and EXDATE with their moved occurrences (RECURRENCE-ID) in their place.
 * Times in UTC stay as they are; a TZID that is an IANA zone is read by luxon (zoned-time.ts),
 * another one by the feed's own VTIMEZONE; floating times and all-day events are read on the
 * owner's wall clock. Free (TRANSP:TRANSPARENT) and cancelled events block nothing.
 */
import type ICALModule from "ical.js";
import { requireOnFirstUse } from "../platform/load-on-first-use.ts";
import type { TakenTime } from "./availability.ts";
import { firstInstantAt, isTimeZone } from "./zoned-time.ts";

type IcalTime = InstanceType<typeof ICALModule.Time>;
type IcalEvent = InstanceType<typeof ICALModule.Event>;

/** Loaded with the first feed read, not at start (docs/benchmarks.md, idle memory). */
const ical = requireOnFirstUse<typeof ICALModule>("ical.js");

export type BusyWindow = {
  ownerZone: string;
  /** Occurrences meeting [from, to) are kept. */
  from: number;
  to: number;
};

export type BusyTimes = { busy: TakenTime[]; events: number };

/** Steps one recurring event may take (from its first start); a rule past it is cut short. */
const STEPS_PER_EVENT = 50_000;
/** Busy stretches one feed may give: more than a consultant's calendar has in two years. */
const MAX_BUSY = 200_000;

export class CalendarFeedError extends Error {}

const pad = (value: number) => String(value).padStart(2, "0");

function wallOf(time: IcalTime) {
  return {
    date: `${time.year}-${pad(time.month)}-${pad(time.day)}`,
    minutes: time.hour * 60 + time.minute,
  };
}

/** Whether a TZID is an IANA zone, asked of luxon once per name (it is slow to ask), 1000 kept. */
const zoneCheck = new Map<string, boolean>();
function isZone(tzid: string | undefined): tzid is string {
  if (tzid === undefined) return false;
  let known = zoneCheck.get(tzid);
  if (known === undefined) {
    known = isTimeZone(tzid);
    if (zoneCheck.size < 1000) zoneCheck.set(tzid, known);
  }
  return known;
}

/** The instant `time` names, the owner's zone reading what names no zone. */
function instantOf(time: IcalTime, ownerZone: string): number {
  // ical.js keeps a TZID it has no VTIMEZONE for beside a floating zone; its types omit it.
  const named = (time as IcalTime & { timezone?: string }).timezone;
  if (time.isDate) return firstInstantAt({ date: wallOf(time).date, minutes: 0 }, ownerZone);
  const zone = time.zone;
  if (zone === ical().Timezone.utcTimezone || named === "Z") return time.toUnixTime() * 1000;
  const tzid = zone && zone !== ical().Timezone.localTimezone ? zone.tzid : named;
  if (isZone(tzid)) return firstInstantAt(wallOf(time), tzid);
  if (zone && zone !== ical().Timezone.localTimezone && zone.tzid !== "floating") {
    return time.toUnixTime() * 1000;
  }
  return firstInstantAt(wallOf(time), ownerZone);
}

function endOf(start: IcalTime, end: IcalTime | null | undefined): IcalTime {
  if (end) return end;
  const fallback = start.clone();
  if (start.isDate) fallback.day += 1;
  return fallback;
}

function blocks(event: IcalEvent): boolean {
  const component = event.component;
  const transparent = String(component.getFirstPropertyValue("transp") ?? "").toUpperCase();
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transparent !== "TRANSPARENT" && status !== "CANCELLED";
}

/** The occurrences of one event (with its moved occurrences related) as busy stretches. */
function occurrencesOf(event: IcalEvent, window: BusyWindow, out: TakenTime[]): void {
  const add = (start: IcalTime, end: IcalTime | null, blocking: boolean) => {
    if (!blocking) return;
    const from = instantOf(start, window.ownerZone);
    const to = instantOf(endOf(start, end), window.ownerZone);
    if (to > from && to > window.from && from < window.to) out.push({ start: from, end: to });
  };
  if (!event.isRecurring()) {
    add(event.startDate, event.endDate, blocks(event));
    return;
  }
  const iterator = event.iterator();
  for (let step = 0; step < STEPS_PER_EVENT; step++) {
    const next = iterator.next();
    if (!next) return;
    if (instantOf(next, window.ownerZone) >= window.to) return;
    const details = event.getOccurrenceDetails(next);
    add(details.startDate, details.endDate, blocks(details.item));
    if (out.length > MAX_BUSY) throw new CalendarFeedError("the feed has too many events");
  }
}

/** Joins overlapping and touching stretches; sorted by start. */
function joined(stretches: TakenTime[]): TakenTime[] {
  const sorted = [...stretches].sort((a, b) => a.start - b.start);
  const out: TakenTime[] = [];
  for (const stretch of sorted) {
    const last = out.at(-1);
    if (last !== undefined && stretch.start <= last.end) last.end = Math.max(last.end, stretch.end);
    else out.push({ ...stretch });
  }
  return out;
}

/**
 * The busy time an iCalendar text gives in `window`.
 * @throws CalendarFeedError when the text is not iCalendar or holds no calendar.
 */
export function busyTimesOf(text: string, window: BusyWindow): BusyTimes {
  let root: InstanceType<typeof ICALModule.Component>;
  try {
    root = new (ical().Component)(ical().parse(text));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CalendarFeedError(`it is not an iCalendar file (${reason.slice(0, 200)})`);
  }
  if (root.name !== "vcalendar") throw new CalendarFeedError("it holds no VCALENDAR");
  const masters = new Map<string, IcalEvent>();
  const moved: IcalEvent[] = [];
  const single: IcalEvent[] = [];
  for (const component of root.getAllSubcomponents("vevent")) {
    const event = new (ical().Event)(component);
    if (!event.startDate) continue;
    if (event.isRecurrenceException()) moved.push(event);
    else if (event.isRecurring()) masters.set(event.uid, event);
    else single.push(event);
  }
  for (const exception of moved) {
    const master = masters.get(exception.uid);
    if (master === undefined) single.push(exception);
    else master.relateException(exception);
  }
  const stretches: TakenTime[] = [];
  try {
    for (const event of [...masters.values(), ...single]) occurrencesOf(event, window, stretches);
  } catch (error) {
    if (error instanceof CalendarFeedError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new CalendarFeedError(`an event cannot be read (${reason.slice(0, 200)})`);
  }
  return { busy: joined(stretches), events: masters.size + single.length };
}
