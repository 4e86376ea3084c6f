/**
 * @module Which times can be booked: the owner's working hours (weekly, or a date's override) read
 * in the owner's IANA time zone, cut into slots of the service's length every slot interval, then
 * marked unbookable where a booking (with both buffers) already lies, where the day is full, or
 * where the policy's minimum notice or booking window forbids (docs/protocol.md §14.3). Pure: the
 * caller brings the bookings and the time.
 */
import {
  addDays,
  clockSetBack,
  firstInstantAt,
  type Weekday,
  wallMs,
  wallTimeOf,
  wallValue,
  weekdayOf,
} from "./zoned-time.ts";

const MINUTE = 60_000;

/** Minutes since midnight, start included, end excluded; an end of 1440 is midnight after. */
export type Hours = { start: number; end: number };

export type Schedule = {
  timeZone: string;
  weekly: { day: Weekday; hours: Hours }[];
  /** A date's hours replace the week's; no hours is a day off. */
  overrides: { date: string; hours: Hours[] }[];
};

export type SlotRules = {
  durationMinutes: number;
  intervalMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** A slot starting sooner than this after now is too late to book (0: up to its start). */
  minimumNoticeMinutes: number;
  /** A slot starting later than this after now is too early to book (null: no limit). */
  bookingWindowMinutes: number | null;
  /** Bookings of the service per day of the owner's calendar (null: no limit). */
  maxPerDay: number | null;
  /** Online booking switched off: every slot is shown unbookable. */
  bookOnlineDisabled: boolean;
};

/** A booking's time taken, its buffers included. */
export type TakenTime = { start: number; end: number };

export type Slot = {
  start: number;
  end: number;
  /** The owner's calendar day the slot starts on (what the per-day limit counts). */
  ownerDay: string;
  bookable: boolean;
  free: boolean;
  tooLateToBook: boolean;
  tooEarlyToBook: boolean;
  dayFull: boolean;
};

export type SlotQuery = {
  schedule: Schedule;
  rules: SlotRules;
  /** Slots starting in [from, to) are answered. */
  from: number;
  to: number;
  now: number;
  taken: readonly TakenTime[];
  /** Bookings of the service per owner day. */
  perDay: ReadonlyMap<string, number>;
};

/** The hours of one date of the owner's calendar. */
export function hoursOn(schedule: Schedule, date: string): Hours[] {
  const override = schedule.overrides.find((entry) => entry.date === date);
  if (override !== undefined) return override.hours;
  const day = weekdayOf(date);
  return schedule.weekly.filter((entry) => entry.day === day).map((entry) => entry.hours);
}

/**
 * The instants [start, end) during which the wall clock shows `hours` of `date`, unbroken: from
 * its first showing of the start until it shows the end, or is set back to before the start.
 */
export function openInstants(schedule: Schedule, date: string, hours: Hours) {
  const zone = schedule.timeZone;
  const start = firstInstantAt({ date, minutes: hours.start }, zone);
  let end =
    hours.end >= 1440
      ? firstInstantAt({ date: addDays(date, 1), minutes: hours.end - 1440 }, zone)
      : firstInstantAt({ date, minutes: hours.end }, zone);
  const setBack = clockSetBack(start, end, zone);
  if (setBack !== null && wallMs(setBack, zone) < wallValue({ date, minutes: hours.start })) {
    end = setBack;
  }
  return { start, end: Math.max(start, end) };
}

/** The time a booking of [start, end) takes, buffers included. */
export function takenBy(rules: SlotRules, start: number, end: number): TakenTime {
  return {
    start: start - rules.bufferBeforeMinutes * MINUTE,
    end: end + rules.bufferAfterMinutes * MINUTE,
  };
}

/** `taken` sorted and joined where stretches meet, so their ends rise with their starts. */
function joined(taken: readonly TakenTime[]): TakenTime[] {
  const out: TakenTime[] = [];
  for (const time of [...taken].sort((a, b) => a.start - b.start)) {
    const last = out.at(-1);
    if (last !== undefined && time.start <= last.end) last.end = Math.max(last.end, time.end);
    else out.push({ ...time });
  }
  return out;
}

/** Whether `time` meets a stretch of joined `taken`: a search, as a calendar feed has thousands. */
function overlapsAny(time: TakenTime, taken: readonly TakenTime[]): boolean {
  let low = 0;
  let high = taken.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((taken[middle] as TakenTime).end <= time.start) low = middle + 1;
    else high = middle;
  }
  return low < taken.length && (taken[low] as TakenTime).start < time.end;
}

/** Every slot starting in [from, to), sorted by start (hours that overlap are refused before). */
export function computeSlots(query: SlotQuery): Slot[] {
  const { schedule, rules, from, to, now, perDay } = query;
  const taken = joined(query.taken);
  const duration = rules.durationMinutes * MINUTE;
  const step = rules.intervalMinutes * MINUTE;
  const zone = schedule.timeZone;
  // A day's hours can reach past its midnight: start a day early, end a day late.
  const last = addDays(wallTimeOf(to, zone).date, 1);
  const slots: Slot[] = [];
  for (let date = addDays(wallTimeOf(from, zone).date, -1); date <= last; date = addDays(date, 1)) {
    for (const hours of hoursOn(schedule, date)) {
      const open = openInstants(schedule, date, hours);
      for (let start = open.start; start + duration <= open.end; start += step) {
        if (start < from || start >= to) continue;
        const end = start + duration;
        const ownerDay = wallTimeOf(start, zone).date;
        const free = !overlapsAny(takenBy(rules, start, end), taken);
        const tooLateToBook = start < now + rules.minimumNoticeMinutes * MINUTE;
        const tooEarlyToBook =
          rules.bookingWindowMinutes !== null && start > now + rules.bookingWindowMinutes * MINUTE;
        const dayFull = rules.maxPerDay !== null && (perDay.get(ownerDay) ?? 0) >= rules.maxPerDay;
        const bookable =
          free && !tooLateToBook && !tooEarlyToBook && !dayFull && !rules.bookOnlineDisabled;
        slots.push({
          start,
          end,
          ownerDay,
          bookable,
          free,
          tooLateToBook,
          tooEarlyToBook,
          dayFull,
        });
      }
    }
  }
  return slots.sort((a, b) => a.start - b.start);
}
