/**
 * @module Wall-clock times in an IANA time zone and the instants they name, on luxon's zones
 * (docs/bookings.md, "Time"): luxon tells the offset of a zone at an instant, and this module
 * only ever asks it that; the way back, from a wall-clock time to an instant, is a search over
 * those answers (so a reading the clock skips or shows twice is placed as the slots need it),
 * never an offset table of our own. Calendar dates (`YYYY-MM-DD`) are counted on the proleptic
 * Gregorian calendar, which has no zone.
 */
import type * as Luxon from "luxon";
import { requireOnFirstUse } from "../platform/load-on-first-use.ts";

const MINUTE = 60_000;
const DAY = 86_400_000;

/** A calendar date and a time of day, as a wall clock shows it (minutes precision). */
export type WallTime = { date: string; minutes: number };

/** luxon, with ICU's zone data behind it, loads with the first booking call (docs/benchmarks.md). */
const luxon = requireOnFirstUse<typeof Luxon>("luxon");
const zones = new Map<string, Luxon.IANAZone>();

function zoneOf(name: string): Luxon.IANAZone {
  let zone = zones.get(name);
  if (zone === undefined) {
    zone = luxon().IANAZone.create(name);
    zones.set(name, zone);
  }
  return zone;
}

/** Whether `zone` names an IANA time zone. */
export function isTimeZone(zone: unknown): zone is string {
  return (
    typeof zone === "string" &&
    zone !== "" &&
    zone.length <= 64 &&
    luxon().IANAZone.isValidZone(zone)
  );
}

function readWallMs(minute: number, zone: string): number {
  return minute + zoneOf(zone).offset(minute) * MINUTE;
}

/**
 * The zone's offsets, kept per quarter hour of UTC: zones change their offset on a quarter
 * hour, so a quarter whose first and last minutes read the same offset has it throughout. A
 * quarter with a change in it is asked minute by minute.
 */
const QUARTER = 15 * MINUTE;
const KEPT_QUARTERS = 200_000;
const quarterOffsets = new Map<string, Map<number, number>>();

function quarterOffset(quarter: number, zone: string): number | null {
  let kept = quarterOffsets.get(zone);
  if (kept === undefined) {
    kept = new Map();
    quarterOffsets.set(zone, kept);
  }
  const known = kept.get(quarter);
  if (known !== undefined) return known;
  const first = quarter * QUARTER;
  const last = first + QUARTER - MINUTE;
  const offset = readWallMs(first, zone) - first;
  if (readWallMs(last, zone) - last !== offset) return null;
  if (kept.size >= KEPT_QUARTERS) kept.clear();
  kept.set(quarter, offset);
  return offset;
}

/**
 * The wall-clock reading of instant `ms` in `zone` as the milliseconds of that reading taken as
 * UTC: comparable, and whole minutes apart when the readings are.
 */
export function wallMs(ms: number, zone: string): number {
  const minute = ms - (((ms % MINUTE) + MINUTE) % MINUTE);
  const offset = quarterOffset(Math.floor(minute / QUARTER), zone);
  return offset === null ? readWallMs(minute, zone) : minute + offset;
}

/** The wall-clock time of `ms` in `zone`. */
export function wallTimeOf(ms: number, zone: string): WallTime {
  const wall = wallMs(ms, zone);
  const dayStart = Math.floor(wall / DAY) * DAY;
  return {
    date: new Date(dayStart).toISOString().slice(0, 10),
    minutes: (wall - dayStart) / MINUTE,
  };
}

/** `YYYY-MM-DDThh:mm:ss`, the platform's local date (docs/protocol.md §14.2). */
export function localDateTimeOf(ms: number, zone: string): string {
  return new Date(wallMs(ms, zone)).toISOString().slice(0, 19);
}

/** Milliseconds of a date and minutes taken as UTC, the scale `wallMs` answers on. */
export function wallValue({ date, minutes }: WallTime): number {
  return Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE;
}

/**
 * The first instant at which the wall clock in `zone` shows `wall` or later. A reading the clock
 * shows twice (the hour repeated when clocks go back) names its first showing; one the clock
 * skips (the hour lost when they go forward) names the instant the clock jumps past it.
 */
export function firstInstantAt(wall: WallTime, zone: string): number {
  const target = wallValue(wall);
  // Every reading is within a day of its instant; the zone's offsets a day either side bound it.
  const offsets = [target - DAY, target + DAY].map((ms) => wallMs(ms, zone) - ms);
  let low = target - Math.max(...offsets);
  let high = target - Math.min(...offsets);
  if (wallMs(low, zone) >= target) return low;
  // The reading lies in a skipped stretch: find where the clock passes it, to the minute.
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
    if (wallMs(middle, zone) >= target) high = middle;
    else low = middle;
  }
  return high;
}

/**
 * The instant in [from, to) at which the clock in `zone` is set back, if it is (a day holds one
 * change at most): after it the wall clock shows readings it showed before.
 */
export function clockSetBack(from: number, to: number, zone: string): number | null {
  const offset = (ms: number) => wallMs(ms, zone) - ms;
  const before = offset(from);
  if (to - from <= MINUTE || offset(to - MINUTE) >= before) return null;
  let low = from;
  let high = to - MINUTE;
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
    if (offset(middle) < before) high = middle;
    else low = middle;
  }
  return high;
}

/** `date` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

const WEEKDAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: readonly Weekday[] = WEEKDAYS;

/** The weekday of a calendar date. */
export function weekdayOf(date: string): Weekday {
  return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] as Weekday;
}

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/;

/** Reads `YYYY-MM-DD[Thh:mm[:ss]]` (no offset); null when it is not a real date and time. */
export function parseLocalDateTime(text: unknown): WallTime | null {
  if (typeof text !== "string") return null;
  const match = LOCAL_DATE_TIME.exec(text);
  if (match === null) return null;
  const [, date = "", hours = "0", minutes = "0", seconds = "0"] = match;
  const wall = { date, minutes: Number(hours) * 60 + Number(minutes) };
  const valid =
    new Date(`${date}T00:00:00Z`).toISOString().startsWith(date) &&
    Number(hours) < 24 &&
    Number(minutes) < 60 &&
    Number(seconds) < 60;
  return valid ? wall : null;
}
