import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { computeSlots, type Hours, type Schedule, type SlotRules } from "./availability.ts";
import { slotToWire } from "./wire-shapes.ts";
import { addDays, firstInstantAt, WEEKDAY_NAMES, wallTimeOf } from "./zoned-time.ts";

const MINUTE = 60_000;

/** Each zone with the days its clocks change in 2026 (Kolkata keeps one offset all year). */
const ZONES: Record<string, string[]> = {
  "Europe/Berlin": ["2026-03-29", "2026-10-25"],
  "America/New_York": ["2026-03-08", "2026-11-01"],
  "Australia/Sydney": ["2026-04-05", "2026-10-04"],
  "Asia/Kolkata": ["2026-03-29", "2026-10-25"],
  "Pacific/Chatham": ["2026-04-05", "2026-09-27"],
};

const OPEN: SlotRules = {
  durationMinutes: 30,
  intervalMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minimumNoticeMinutes: 0,
  bookingWindowMinutes: null,
  maxPerDay: null,
  bookOnlineDisabled: false,
};

function everyDay(hours: Hours[], timeZone: string): Schedule {
  return {
    timeZone,
    weekly: WEEKDAY_NAMES.flatMap((day) => hours.map((entry) => ({ day, hours: entry }))),
    overrides: [],
  };
}

/** Hours of a day as 1 or 2 stretches on the quarter hour, often in the small hours clocks change. */
const hoursArbitrary = fc
  .uniqueArray(
    fc.oneof(fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 96 })).map((q) => q * 15),
    { minLength: 2, maxLength: 4 },
  )
  .filter((bounds) => bounds.length % 2 === 0)
  .map((bounds) => {
    const sorted = [...bounds].sort((a, b) => a - b);
    const hours: Hours[] = [];
    for (let index = 0; index < sorted.length; index += 2) {
      hours.push({ start: sorted[index] as number, end: sorted[index + 1] as number });
    }
    return hours;
  });

const caseArbitrary = fc.record({
  zone: fc.constantFrom(...Object.keys(ZONES)),
  change: fc.integer({ min: 0, max: 1 }),
  shift: fc.integer({ min: -1, max: 1 }),
  hours: hoursArbitrary,
  duration: fc.integer({ min: 1, max: 24 }).map((n) => n * 5),
  interval: fc.integer({ min: 1, max: 12 }).map((n) => n * 5),
});

const readers = new Map<string, Intl.DateTimeFormat>();

/** The wall clock at `ms` straight from Intl, past the module's kept offsets. */
function wallOf(ms: number, zone: string): { date: string; minutes: number } {
  let reader = readers.get(zone);
  if (reader === undefined) {
    reader = new Intl.DateTimeFormat("en-CA", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    readers.set(zone, reader);
  }
  const parts = reader.formatToParts(ms);
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? "";
  return {
    date: `${part("year")}-${part("month")}-${part("day")}`,
    minutes: Number(part("hour")) * 60 + Number(part("minute")),
  };
}

/** Whether the wall clock at `ms` shows a time inside the hours of the date it shows. */
function inHours(ms: number, zone: string, hours: Hours[], date?: string) {
  const wall = wallOf(ms, zone);
  if (date !== undefined && wall.date !== date) return false;
  return hours.some((entry) => wall.minutes >= entry.start && wall.minutes < entry.end);
}

/**
 * The slots a stretch of hours must give, found without the code under test's way back from
 * wall-clock time: every 5 minutes is read forward through Intl, and the first unbroken run of
 * instants inside the stretch is cut into slots.
 */
function expectedStarts(zone: string, date: string, hours: Hours, duration: number, step: number) {
  const dayStart = Date.parse(`${date}T00:00:00Z`);
  let first: number | null = null;
  let end: number | null = null;
  for (let ms = dayStart - 15 * 60 * MINUTE; ms < dayStart + 38 * 60 * MINUTE; ms += 5 * MINUTE) {
    const inside = inHours(ms, zone, [hours], date);
    if (first === null && inside) first = ms;
    else if (first !== null && !inside) {
      end = ms;
      break;
    }
  }
  if (first === null || end === null) return [];
  const starts: number[] = [];
  for (let start = first; start + duration * MINUTE <= end; start += step * MINUTE) {
    starts.push(start);
  }
  return starts;
}

describe("slots in the owner's time zone, around both clock changes", () => {
  it("no slot outside the hours, none twice, none missing", () => {
    fc.assert(
      fc.property(caseArbitrary, ({ zone, change, shift, hours, duration, interval }) => {
        const date = addDays(ZONES[zone]?.[change] as string, shift);
        const from = firstInstantAt({ date, minutes: 0 }, zone);
        const to = firstInstantAt({ date: addDays(date, 1), minutes: 0 }, zone);
        const slots = computeSlots({
          schedule: everyDay(hours, zone),
          rules: { ...OPEN, durationMinutes: duration, intervalMinutes: interval },
          from,
          to,
          now: 0,
          taken: [],
          perDay: new Map(),
        });

        for (const slot of slots) {
          for (let ms = slot.start; ms < slot.end; ms += 5 * MINUTE) {
            expect(inHours(ms, zone, hours, wallOf(slot.start, zone).date)).toBe(true);
          }
        }
        const starts = slots.map((slot) => slot.start);
        expect(new Set(starts).size).toBe(starts.length);
        const expected = hours
          .flatMap((entry) => expectedStarts(zone, date, entry, duration, interval))
          .filter((start) => start >= from && start < to)
          .sort((a, b) => a - b);
        expect(starts).toEqual(expected);
      }),
      // 2,000 runs pass too; the suite keeps to a few seconds on a busy machine.
      { numRuns: 60 },
    );
  }, 30_000);

  it("every local time shown to a visitor is the slot's instant on the visitor's own clock", () => {
    const zones = [...Object.keys(ZONES), "UTC"];
    fc.assert(
      fc.property(
        caseArbitrary,
        fc.constantFrom(...zones),
        ({ zone, change, shift, hours, duration, interval }, visitorZone) => {
          const date = addDays(ZONES[zone]?.[change] as string, shift);
          const from = firstInstantAt({ date, minutes: 0 }, zone);
          const slots = computeSlots({
            schedule: everyDay(hours, zone),
            rules: { ...OPEN, durationMinutes: duration, intervalMinutes: interval },
            from,
            to: from + 2 * 1440 * MINUTE,
            now: 0,
            taken: [],
            perDay: new Map(),
          });
          const shown = (ms: number) => {
            const wall = wallOf(ms, visitorZone);
            const hh = String(Math.floor(wall.minutes / 60)).padStart(2, "0");
            return `${wall.date}T${hh}:${String(wall.minutes % 60).padStart(2, "0")}:00`;
          };
          for (const slot of slots) {
            const limits = { earliest: null, latest: null, bookOnlineDisabled: false };
            const wire = slotToWire("s", slot, visitorZone, limits);
            expect([wire.localStartDate, wire.localEndDate]).toEqual([
              shown(slot.start),
              shown(slot.end),
            ]);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 30_000);

  it("Berlin's spring-forward morning: the lost hour has no slots, the rest stays on the clock", () => {
    const zone = "Europe/Berlin";
    const slots = computeSlots({
      schedule: everyDay([{ start: 60, end: 240 }], zone),
      rules: { ...OPEN, durationMinutes: 60, intervalMinutes: 60 },
      from: Date.parse("2026-03-28T12:00:00Z"),
      to: Date.parse("2026-03-29T12:00:00Z"),
      now: 0,
      taken: [],
      perDay: new Map(),
    });

    expect(slots.map((slot) => new Date(slot.start).toISOString())).toEqual([
      "2026-03-29T00:00:00.000Z", // 01:00 CET
      "2026-03-29T01:00:00.000Z", // 03:00 CEST: 02:00 never showed
    ]);
  });
});

describe("what makes a slot unbookable", () => {
  const zone = "Asia/Kolkata";
  const schedule = everyDay([{ start: 9 * 60, end: 12 * 60 }], zone);
  const day = { from: Date.parse("2026-06-01T00:00:00Z"), to: Date.parse("2026-06-02T00:00:00Z") };
  const at = (hhmm: string) => Date.parse(`2026-06-01T${hhmm}:00+05:30`);
  const bookable = (rules: SlotRules, extra: Partial<Parameters<typeof computeSlots>[0]> = {}) =>
    computeSlots({ schedule, rules, ...day, now: 0, taken: [], perDay: new Map(), ...extra })
      .filter((slot) => slot.bookable)
      .map((slot) => wallTimeOf(slot.start, zone).minutes / 60);

  it("a booking with its buffers takes the slots it touches", () => {
    const rules = { ...OPEN, durationMinutes: 30, bufferBeforeMinutes: 15, bufferAfterMinutes: 15 };
    const taken = [{ start: at("10:00") - 15 * MINUTE, end: at("10:30") + 15 * MINUTE }];

    expect(bookable(rules, { taken })).toEqual([9, 11, 11.5]);
  });

  it("minimum notice, booking window, a full day and online booking off", () => {
    expect(bookable({ ...OPEN, minimumNoticeMinutes: 60 }, { now: at("09:15") })).toEqual([
      10.5, 11, 11.5,
    ]);
    expect(bookable({ ...OPEN, bookingWindowMinutes: 60 }, { now: at("09:00") })).toEqual([
      9, 9.5, 10,
    ]);
    expect(bookable({ ...OPEN, maxPerDay: 2 }, { perDay: new Map([["2026-06-01", 2]]) })).toEqual(
      [],
    );
    expect(bookable({ ...OPEN, bookOnlineDisabled: true })).toEqual([]);
  });
});
