/**
 * @module The time slots of a service (docs/protocol.md §14.3): the owner's schedule and the
 * service's rules handed to availability.ts with the time the bookings' claims hold, answered in
 * the zone the caller asks in; and the one check every booking and move makes, that its times
 * are a slot the service offers.
 */
import { ApiError, validationError, violation } from "../platform/errors.ts";
import {
  computeSlots,
  type Slot,
  type SlotRules,
  type TakenTime,
  takenBy,
} from "./availability.ts";
import type { BookingStore } from "./booking-store.ts";
import type { BookingPolicy, BookingService, Schedule } from "./booking-types.ts";
import type { BookingsConfig } from "./bookings-config.ts";
import type { CatalogService } from "./catalog-service.ts";
import { objectAt } from "./wire-input.ts";
import { slotToWire } from "./wire-shapes.ts";
import {
  addDays,
  firstInstantAt,
  isTimeZone,
  parseLocalDateTime,
  wallTimeOf,
} from "./zoned-time.ts";

type Json = Record<string, unknown>;
const MINUTE = 60_000;
const MAX_SLOTS = 1000;

export function rulesOf(service: BookingService, policy: BookingPolicy): SlotRules {
  return {
    durationMinutes: service.durationMinutes,
    intervalMinutes: service.slotIntervalMinutes,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    minimumNoticeMinutes: policy.minimumNoticeMinutes,
    bookingWindowMinutes: policy.bookingWindowMinutes,
    maxPerDay: service.maxPerDay,
    bookOnlineDisabled: !service.onlineBookingEnabled,
  };
}

type Setting = { service: BookingService; policy: BookingPolicy; schedule: Schedule };

export type SlotFinder = ReturnType<typeof createSlotFinder>;

export function createSlotFinder(deps: {
  catalog: CatalogService;
  bookings: BookingStore;
  /** The owner's own busy time (their calendar feed) meeting [from, to). */
  busy: (from: number, to: number) => TakenTime[];
  config: BookingsConfig;
  now: () => number;
}) {
  const { catalog, bookings, busy, config, now } = deps;

  function settingOf(serviceId: unknown, visitor: boolean): Setting {
    const id = Array.isArray(serviceId) ? serviceId[0] : serviceId;
    if (typeof id !== "string" || id === "") {
      throw validationError([violation("serviceId", "is required", "REQUIRED_FIELD")]);
    }
    const service = catalog.service(id);
    if (visitor && service.hidden) throw new ApiError("BOOKING_SERVICE_NOT_FOUND", [id]);
    const schedule = catalog.schedule();
    if (schedule === null) throw new ApiError("BOOKING_NOT_SET_UP");
    return { service, policy: catalog.policy(service.policyId), schedule };
  }

  function slotsOf({ service, policy, schedule }: Setting, from: number, to: number): Slot[] {
    const rules = rulesOf(service, policy);
    const reach =
      (rules.bufferBeforeMinutes + rules.durationMinutes + rules.bufferAfterMinutes) * MINUTE;
    const zone = schedule.timeZone;
    const firstDay = addDays(wallTimeOf(from, zone).date, -1);
    const lastDay = addDays(wallTimeOf(to, zone).date, 1);
    return computeSlots({
      schedule,
      rules,
      from,
      to,
      now: now(),
      taken: [
        ...bookings.takenBetween(from - reach, to + reach),
        ...busy(from - reach, to + reach),
      ],
      perDay: bookings.perDay(service.id, firstDay, lastDay),
    });
  }

  function instantOf(text: unknown, zone: string, field: string): number {
    const wall = parseLocalDateTime(text);
    if (wall === null) throw validationError([violation(field, "must be YYYY-MM-DDThh:mm:ss")]);
    return firstInstantAt(wall, zone);
  }

  function zoneOf(value: unknown, schedule: Schedule): string {
    if (value === undefined || value === null || value === "") return schedule.timeZone;
    if (!isTimeZone(value)) throw validationError([violation("timeZone", "unknown time zone")]);
    return value;
  }

  function wireSlot(setting: Setting, slot: Slot, zone: string) {
    const { policy, service } = setting;
    return slotToWire(service.id, slot, zone, {
      earliest:
        policy.bookingWindowMinutes === null
          ? null
          : slot.start - policy.bookingWindowMinutes * MINUTE,
      latest: slot.start - policy.minimumNoticeMinutes * MINUTE,
      bookOnlineDisabled: !service.onlineBookingEnabled,
    });
  }

  return {
    /** `POST /_api/service-availability/v2/time-slots`. */
    list(body: Json, visitor: boolean) {
      const paging = objectAt(body, "cursorPaging");
      const resumed = typeof paging.cursor === "string" ? readCursor(paging.cursor) : null;
      const request = resumed?.request ?? body;
      const setting = settingOf(request.serviceId, visitor);
      const zone = zoneOf(request.timeZone, setting.schedule);
      const from =
        request.fromLocalDate === undefined
          ? now()
          : instantOf(request.fromLocalDate, zone, "fromLocalDate");
      const to =
        request.toLocalDate === undefined
          ? from + 7 * 1440 * MINUTE
          : instantOf(request.toLocalDate, zone, "toLocalDate");
      if (!(to > from) || to - from > config.maxRangeDays * 1440 * MINUTE) {
        throw validationError([
          violation(
            "toLocalDate",
            `must be after fromLocalDate, at most ${config.maxRangeDays} days`,
          ),
        ]);
      }
      const limit = paging.limit === undefined ? MAX_SLOTS : paging.limit;
      if (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_SLOTS) {
        throw validationError([violation("cursorPaging.limit", `must be from 1 to ${MAX_SLOTS}`)]);
      }
      const wanted = request.bookable;
      const slots = slotsOf(setting, from, to)
        .filter((slot) => typeof wanted !== "boolean" || slot.bookable === wanted)
        .sort((a, b) => Number(b.bookable) - Number(a.bookable) || a.start - b.start);
      const skip = resumed?.skip ?? 0;
      const page = slots.slice(skip, skip + (limit as number));
      const hasNext = skip + page.length < slots.length;
      return {
        timeSlots: page.map((slot) => wireSlot(setting, slot, zone)),
        timeZone: zone,
        cursorPagingMetadata: {
          count: page.length,
          cursors: hasNext ? { next: writeCursor(request, skip + page.length) } : {},
          hasNext,
        },
      };
    },

    /** `POST /_api/service-availability/v2/time-slots/get`. */
    get(body: Json, visitor: boolean) {
      const setting = settingOf(body.serviceId, visitor);
      const zone = zoneOf(body.timeZone, setting.schedule);
      const start = instantOf(body.localStartDate, zone, "localStartDate");
      const end = instantOf(body.localEndDate, zone, "localEndDate");
      const slot = slotsOf(setting, start, start + 1).find((found) => found.end === end);
      if (slot === undefined) {
        throw new ApiError("BOOKING_SLOT_NOT_OFFERED", [
          setting.service.id,
          String(body.localStartDate),
          String(body.localEndDate),
        ]);
      }
      return { timeSlot: wireSlot(setting, slot, zone), timeZone: zone };
    },

    /**
     * The slot [start, end) of the service, or the refusal a visitor gets for it: not offered,
     * held by the owner's calendar, too soon, too far ahead, online booking off. Whether another
     * booking holds it the claims decide.
     */
    check(setting: Setting, start: number, end: number, skipPolicy: boolean): Slot {
      const slot = slotsOf(setting, start, start + 1).find((found) => found.end === end);
      const { service } = setting;
      if (slot === undefined) {
        throw new ApiError("BOOKING_SLOT_NOT_OFFERED", [
          service.id,
          new Date(start).toISOString(),
          new Date(end).toISOString(),
        ]);
      }
      const held = takenBy(rulesOf(service, setting.policy), start, end);
      if (busy(held.start, held.end).length > 0) throw new ApiError("BOOKING_SLOT_TAKEN");
      if (!skipPolicy) {
        if (!service.onlineBookingEnabled) throw new ApiError("BOOKING_ONLINE_DISABLED");
        if (slot.tooLateToBook) throw new ApiError("BOOKING_TOO_LATE");
        if (slot.tooEarlyToBook) throw new ApiError("BOOKING_TOO_EARLY");
      }
      return slot;
    },

    setting: settingOf,

    /** The booking page's hook: the bookable slots of a visible service meeting [from, to). */
    bookable(serviceId: string, from: number, to: number) {
      const setting = settingOf(serviceId, true);
      return { setting, slots: slotsOf(setting, from, to).filter((slot) => slot.bookable) };
    },
  };
}

function writeCursor(request: Json, skip: number): string {
  return Buffer.from(JSON.stringify({ request, skip })).toString("base64url");
}

function readCursor(cursor: string): { request: Json; skip: number } {
  try {
    const state = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (Number.isInteger(state.skip) && state.skip >= 0 && typeof state.request === "object") {
      return state;
    }
  } catch {
    // Refused below.
  }
  throw validationError([violation("cursorPaging.cursor", "is not a cursor this store gave")]);
}
