/**
 * @module The days a dashboard query asks for, in the owner's IANA zone (docs/analytics.md,
 * "Ranges"): today, the last 7 / 30 / 365 days with today, or a custom span, and the span of the
 * same length just before it. Calendar arithmetic is luxon's.
 */
import {
  ANALYTICS_RANGES,
  type AnalyticsPeriod,
  type AnalyticsRange,
} from "@consultant/site-content/wire";
import type * as Luxon from "luxon";
import { validationError, violation } from "../platform/errors.ts";
import { requireOnFirstUse } from "../platform/load-on-first-use.ts";

/** Loaded with the first dashboard query, not at start (docs/benchmarks.md, idle memory). */
const luxon = requireOnFirstUse<typeof Luxon>("luxon");

/** The longest custom span, a leap year. */
export const MAX_RANGE_DAYS = 366;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const FIXED_DAYS: Record<Exclude<AnalyticsRange, "custom">, number> = {
  today: 1,
  "7d": 7,
  "30d": 30,
  "365d": 365,
};

export type RangeQuery = { range?: unknown; from?: unknown; to?: unknown };

export type ResolvedRange = {
  range: AnalyticsRange;
  period: AnalyticsPeriod;
  previousPeriod: AnalyticsPeriod;
  /** Days in the period. */
  days: number;
};

/** The owner-zone day (`YYYY-MM-DD`) an instant falls on. */
export function dayOf(at: number, zone: string): string {
  return luxon().DateTime.fromMillis(at, { zone }).toISODate() as string;
}

/** The start of the owner-zone hour an instant falls in (`YYYY-MM-DDTHH:00`). */
export function hourOf(at: number, zone: string): string {
  return luxon().DateTime.fromMillis(at, { zone }).toFormat("yyyy-MM-dd'T'HH':00'");
}

/** `day` moved by `delta` calendar days. */
export function addDays(day: string, delta: number): string {
  return luxon().DateTime.fromISO(day, { zone: "UTC" }).plus({ days: delta }).toISODate() as string;
}

/** Calendar days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  const start = luxon().DateTime.fromISO(from, { zone: "UTC" });
  return Math.round(luxon().DateTime.fromISO(to, { zone: "UTC" }).diff(start, "days").days) + 1;
}

/** Every day of a period, oldest first. */
export function eachDay(period: AnalyticsPeriod): string[] {
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = addDays(day, 1)) days.push(day);
  return days;
}

function readDay(value: unknown, field: string): string {
  if (typeof value !== "string" || !DAY_PATTERN.test(value)) {
    throw validationError([violation(field, "must be a date YYYY-MM-DD")]);
  }
  const parsed = luxon().DateTime.fromISO(value, { zone: "UTC" });
  if (!parsed.isValid || parsed.toISODate() !== value) {
    throw validationError([violation(field, "must be a calendar date")]);
  }
  return value;
}

/** Reads `?range=&from=&to=`; a bad one is a 400 naming the field. */
export function resolveRange(query: RangeQuery, now: number, zone: string): ResolvedRange {
  const name = query.range ?? "7d";
  if (typeof name !== "string" || !(ANALYTICS_RANGES as readonly string[]).includes(name)) {
    throw validationError([
      violation("range", `must be one of ${ANALYTICS_RANGES.join(", ")}`, "INVALID_ENUM_VALUE"),
    ]);
  }
  const range = name as AnalyticsRange;
  let period: AnalyticsPeriod;
  if (range === "custom") {
    period = { from: readDay(query.from, "from"), to: readDay(query.to, "to") };
    if (period.from > period.to)
      throw validationError([violation("to", "must not be before from")]);
    if (daysBetween(period.from, period.to) > MAX_RANGE_DAYS) {
      throw validationError([violation("to", `at most ${MAX_RANGE_DAYS} days after from`, "MAX")]);
    }
  } else {
    const today = dayOf(now, zone);
    period = { from: addDays(today, 1 - FIXED_DAYS[range]), to: today };
  }
  const days = daysBetween(period.from, period.to);
  const previousPeriod = { from: addDays(period.from, -days), to: addDays(period.from, -1) };
  return { range, period, previousPeriod, days };
}
