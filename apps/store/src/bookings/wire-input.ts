/**
 * @module What callers send, read and checked (docs/protocol.md §14): a service's, a policy's and
 * the schedule's fields, each refused with one violation per field in the platform's validation
 * shape (§5.1). Lengths, buffers and intervals are whole multiples of the claim unit, five
 * minutes (booking-store.ts), so every slot's time is a whole number of claims.
 */
import { type FieldViolation, validationError, violation } from "../platform/errors.ts";
import type { Hours, Schedule } from "./availability.ts";
import { UNIT_MS } from "./booking-store.ts";
import {
  type BookingPolicy,
  type BookingService,
  LOCATION_KINDS,
  type LocationKind,
} from "./booking-types.ts";
import { NAMESPACE } from "./wire-shapes.ts";
import { isTimeZone, parseLocalDateTime, WEEKDAY_NAMES, type Weekday } from "./zoned-time.ts";

type Json = Record<string, unknown>;

export function objectAt(value: unknown, ...path: string[]): Json {
  let current: unknown = value;
  for (const key of path) {
    current = current !== null && typeof current === "object" ? (current as Json)[key] : undefined;
  }
  return current !== null && typeof current === "object" && !Array.isArray(current)
    ? (current as Json)
    : {};
}

function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}

/** Text whose lines are kept: line ends as `\n`, every other control character a space. */
export function plainLines(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[^\P{Cc}\n]|[\u2028\u2029]/gu, " ")
    .trim();
}

/** Collects violations while fields are read; `done` throws them all at once. */
export class FieldReader {
  readonly violations: FieldViolation[] = [];

  /** One line of text: every control character (line ends too) becomes a space. */
  text(field: string, value: unknown, fallback: string, max: number, required = false): string {
    return this.string(field, value, fallback, max, required, oneLine);
  }

  /** As `text`, keeping the lines (a visitor's note): line ends become `\n`. */
  lines(field: string, value: unknown, max: number): string {
    return this.string(field, value, "", max, false, plainLines);
  }

  private string(
    field: string,
    value: unknown,
    fallback: string,
    max: number,
    required: boolean,
    clean: (value: string) => string,
  ): string {
    if (value === undefined || value === null) {
      if (required) this.violations.push(violation(field, "is required", "REQUIRED_FIELD"));
      return fallback;
    }
    if (typeof value !== "string") {
      this.violations.push(violation(field, "must be a string"));
      return fallback;
    }
    const text = clean(value);
    if (required && text === "") this.violations.push(violation(field, "must not be empty"));
    if (text.length > max) {
      this.violations.push(violation(field, `must be at most ${max} characters`, "MAX"));
    }
    return text;
  }

  minutes(field: string, value: unknown, fallback: number, min: number, max: number): number {
    if (value === undefined || value === null) return fallback;
    const number = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof number !== "number" || !Number.isInteger(number) || number < min || number > max) {
      this.violations.push(violation(field, `must be a whole number from ${min} to ${max}`));
      return fallback;
    }
    if (number % 5 !== 0) this.violations.push(violation(field, "must be a multiple of 5"));
    return number;
  }

  count(field: string, value: unknown, fallback: number | null, max: number): number | null {
    if (value === undefined) return fallback;
    if (value === null) return null;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > max) {
      this.violations.push(violation(field, `must be a whole number from 0 to ${max}, or null`));
      return fallback;
    }
    return value;
  }

  flag(field: string, value: unknown, fallback: boolean): boolean {
    if (value === undefined || value === null) return fallback;
    if (typeof value !== "boolean") this.violations.push(violation(field, "must be true or false"));
    return typeof value === "boolean" ? value : fallback;
  }

  done(): void {
    if (this.violations.length > 0) throw validationError(this.violations);
  }
}

const DAY = 1440;
const MONTH = 31 * DAY;
const YEAR = 366 * DAY;

type ServiceFields = Omit<BookingService, "id" | "revision" | "createdAt" | "updatedAt">;

/** A service's fields from `service`, the ones it lacks taken from `current`. */
export function readService(service: Json, current: ServiceFields): ServiceFields {
  const read = new FieldReader();
  const extended = objectAt(service, "extendedFields", "namespaces", NAMESPACE);
  const constraints = objectAt(service, "schedule", "availabilityConstraints");
  const durations = constraints.sessionDurations;
  const duration = Array.isArray(durations)
    ? durations[0]
    : (objectAt(constraints.durations, "0").minutes ?? undefined);
  const kind = extended.locationKind ?? current.locationKind;
  if (!LOCATION_KINDS.includes(kind as LocationKind)) {
    read.violations.push(
      violation(
        `extendedFields.namespaces.${NAMESPACE}.locationKind`,
        "unknown kind",
        "INVALID_ENUM_VALUE",
      ),
    );
  }
  const durationMinutes = read.minutes(
    "service.schedule.availabilityConstraints.sessionDurations",
    duration,
    current.durationMinutes,
    5,
    720,
  );
  const fields: ServiceFields = {
    policyId: read.text(
      "service.bookingPolicy.id",
      objectAt(service, "bookingPolicy").id,
      current.policyId,
      100,
    ),
    name: read.text("service.name", service.name, current.name, 400, current.name === ""),
    description: read.text("service.description", service.description, current.description, 5000),
    tagLine: read.text("service.tagLine", service.tagLine, current.tagLine, 400),
    priceText: read.text(
      "service.payment.custom.description",
      objectAt(service, "payment", "custom").description,
      current.priceText,
      200,
    ),
    locationKind: LOCATION_KINDS.includes(kind as LocationKind)
      ? (kind as LocationKind)
      : current.locationKind,
    locationText: read.text(
      "service.locations",
      objectAt(service, "locations", "0", "custom", "address").formattedAddress,
      current.locationText,
      500,
    ),
    durationMinutes,
    bufferBeforeMinutes: read.minutes(
      `extendedFields.namespaces.${NAMESPACE}.bufferBeforeMinutes`,
      extended.bufferBeforeMinutes,
      current.bufferBeforeMinutes,
      0,
      240,
    ),
    bufferAfterMinutes: read.minutes(
      "service.schedule.availabilityConstraints.timeBetweenSessions",
      constraints.timeBetweenSessions,
      current.bufferAfterMinutes,
      0,
      240,
    ),
    slotIntervalMinutes: read.minutes(
      `extendedFields.namespaces.${NAMESPACE}.slotIntervalMinutes`,
      extended.slotIntervalMinutes,
      current.slotIntervalMinutes || durationMinutes,
      5,
      720,
    ),
    maxPerDay:
      read.count(
        `extendedFields.namespaces.${NAMESPACE}.maxPerDay`,
        extended.maxPerDay,
        current.maxPerDay,
        100,
      ) || null,
    onlineBookingEnabled: read.flag(
      "service.onlineBooking.enabled",
      objectAt(service, "onlineBooking").enabled,
      current.onlineBookingEnabled,
    ),
    requireManualApproval: read.flag(
      "service.onlineBooking.requireManualApproval",
      objectAt(service, "onlineBooking").requireManualApproval,
      current.requireManualApproval,
    ),
    hidden: read.flag("service.hidden", service.hidden, current.hidden),
  };
  read.done();
  return fields;
}

type PolicyFields = Omit<
  BookingPolicy,
  "id" | "revision" | "createdAt" | "updatedAt" | "isDefault"
>;

/** A policy's fields from `policy`, the ones it lacks taken from `current`. */
export function readPolicy(policy: Json, current: PolicyFields): PolicyFields {
  const read = new FieldReader();
  const early = objectAt(policy, "limitEarlyBookingPolicy");
  const late = objectAt(policy, "limitLateBookingPolicy");
  const cancel = objectAt(policy, "cancellationPolicy");
  const reschedule = objectAt(policy, "reschedulePolicy");
  const extended = objectAt(policy, "extendedFields", "namespaces", NAMESPACE);
  const limit = (
    enabled: boolean,
    field: string,
    value: unknown,
    was: number | null,
    max: number,
  ) => (enabled ? read.minutes(field, value, was ?? 0, 0, max) : null);
  const earlyOn = read.flag(
    "bookingPolicy.limitEarlyBookingPolicy.enabled",
    early.enabled,
    current.bookingWindowMinutes !== null,
  );
  const lateOn = read.flag(
    "bookingPolicy.limitLateBookingPolicy.enabled",
    late.enabled,
    current.minimumNoticeMinutes > 0,
  );
  const cancelLimited = read.flag(
    "bookingPolicy.cancellationPolicy.limitLatestCancellation",
    cancel.limitLatestCancellation,
    current.cancelCutoffMinutes !== null,
  );
  const rescheduleLimited = read.flag(
    "bookingPolicy.reschedulePolicy.limitLatestReschedule",
    reschedule.limitLatestReschedule,
    current.rescheduleCutoffMinutes !== null,
  );
  const fields: PolicyFields = {
    name: read.text("bookingPolicy.name", policy.name, current.name, 400),
    bookingWindowMinutes: limit(
      earlyOn,
      "bookingPolicy.limitEarlyBookingPolicy.earliestBookingInMinutes",
      early.earliestBookingInMinutes,
      current.bookingWindowMinutes,
      2 * YEAR,
    ),
    minimumNoticeMinutes:
      limit(
        lateOn,
        "bookingPolicy.limitLateBookingPolicy.latestBookingInMinutes",
        late.latestBookingInMinutes,
        current.minimumNoticeMinutes,
        MONTH,
      ) ?? 0,
    cancelEnabled: read.flag(
      "bookingPolicy.cancellationPolicy.enabled",
      cancel.enabled,
      current.cancelEnabled,
    ),
    cancelCutoffMinutes: limit(
      cancelLimited,
      "bookingPolicy.cancellationPolicy.latestCancellationInMinutes",
      cancel.latestCancellationInMinutes,
      current.cancelCutoffMinutes,
      MONTH,
    ),
    rescheduleEnabled: read.flag(
      "bookingPolicy.reschedulePolicy.enabled",
      reschedule.enabled,
      current.rescheduleEnabled,
    ),
    rescheduleCutoffMinutes: limit(
      rescheduleLimited,
      "bookingPolicy.reschedulePolicy.latestRescheduleInMinutes",
      reschedule.latestRescheduleInMinutes,
      current.rescheduleCutoffMinutes,
      MONTH,
    ),
    maxReschedules: read.count(
      `extendedFields.namespaces.${NAMESPACE}.maxReschedules`,
      extended.maxReschedules,
      current.maxReschedules,
      100,
    ),
  };
  read.done();
  return fields;
}

const CLOCK = /^(\d{2}):(\d{2})$/;

function clockMinutes(text: unknown): number | null {
  const match = typeof text === "string" ? CLOCK.exec(text) : null;
  if (match === null) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= DAY && minutes % 5 === 0 ? minutes : null;
}

function readHours(read: FieldReader, field: string, entries: unknown): Hours[] {
  const hours: Hours[] = [];
  for (const [index, entry] of (Array.isArray(entries) ? entries : []).entries()) {
    const start = clockMinutes(objectAt(entry).start);
    const end = clockMinutes(objectAt(entry).end);
    if (start === null || end === null || start >= end) {
      read.violations.push(
        violation(
          `${field}[${index}]`,
          "needs start and end as hh:mm on the 5 minutes, start before end",
        ),
      );
    } else hours.push({ start, end });
  }
  return hours;
}

function overlapping(hours: Hours[]): boolean {
  const sorted = [...hours].sort((a, b) => a.start - b.start);
  return sorted.some((entry, index) => index > 0 && entry.start < (sorted[index - 1] as Hours).end);
}

/** The owner's schedule (docs/protocol.md §14.5). */
export function readSchedule(body: Json): Schedule {
  const read = new FieldReader();
  if (!isTimeZone(body.timeZone)) {
    read.violations.push(violation("timeZone", "must be an IANA time zone, like Europe/Berlin"));
  }
  const weekly: Schedule["weekly"] = [];
  for (const [index, entry] of (Array.isArray(body.weekly) ? body.weekly : []).entries()) {
    const day = objectAt(entry).day;
    const [hours] = readHours(read, `weekly[${index}]`, [entry]);
    if (!WEEKDAY_NAMES.includes(day as Weekday)) {
      read.violations.push(
        violation(`weekly[${index}].day`, "must be MON, TUE, ... SUN", "INVALID_ENUM_VALUE"),
      );
    } else if (hours !== undefined) weekly.push({ day: day as Weekday, hours });
  }
  for (const day of WEEKDAY_NAMES) {
    if (overlapping(weekly.filter((entry) => entry.day === day).map((entry) => entry.hours))) {
      read.violations.push(violation("weekly", `the hours of ${day} overlap`));
    }
  }
  const overrides: Schedule["overrides"] = [];
  for (const [index, entry] of (Array.isArray(body.overrides) ? body.overrides : []).entries()) {
    const date = objectAt(entry).date;
    const hours = readHours(read, `overrides[${index}].hours`, objectAt(entry).hours);
    const plain =
      typeof date === "string" && parseLocalDateTime(date) !== null && date.length === 10;
    if (!plain)
      read.violations.push(violation(`overrides[${index}].date`, "must be a date, YYYY-MM-DD"));
    else if (overlapping(hours))
      read.violations.push(violation(`overrides[${index}].hours`, "overlap"));
    else overrides.push({ date: date as string, hours });
  }
  if (overrides.length > 1000)
    read.violations.push(violation("overrides", "at most 1000 dates", "MAX"));
  read.done();
  return { timeZone: body.timeZone as string, weekly, overrides };
}

/** An instant as the wire writes one: an ISO date and time with its zone (`Z` or `±hh:mm`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/;

export function instant(value: unknown, field: string): number {
  // Date.parse alone would take a time without a zone on the server's own clock, and other formats.
  const ms = typeof value === "string" && ISO_INSTANT.test(value) ? Date.parse(value) : Number.NaN;
  if (!Number.isFinite(ms) || ms % UNIT_MS !== 0) {
    throw validationError([
      violation(
        field,
        "must be an ISO date and time with its zone (Z or ±hh:mm), on the 5 minutes",
      ),
    ]);
  }
  return ms;
}
