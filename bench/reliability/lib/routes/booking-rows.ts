/**
 * @module Booking (apps/store/src/bookings, docs/protocol.md §14): the owner's calls (services,
 * booking policies and the schedule changed; the agenda; a booking confirmed, declined, cancelled
 * or moved; its action token handed out) take the API key or the owner's session, never a
 * collaborator's or a member's; the visitor's calls (services, policies and time slots read, a
 * booking made) are public and counted per address; the manage link's calls answer whoever holds
 * the booking's action token. The store seeds, per row (`seedBookings`), a policy, a service and
 * a pending booking of their own, on a schedule open all day in UTC, so no row's slot is another's.
 */
import { createHmac } from "node:crypto";
import type { Db } from "../../../../apps/store/src/main/testing.ts";
import { enc, type RouteAccess, type RouteRow, type Target } from "./route-row.ts";

const MINUTE = 60_000;
const DAY_MS = 1440 * MINUTE;
/** The seeded services' length and slot interval: every row's slots are 10 minutes apart. */
const SLOT_MINUTES = 10;

/** The owner's writes: the API key or the owner's session with its CSRF token. */
const OWNER_WRITE: RouteAccess = { kind: "callers", names: ["owner session", "API key"] };
/** The owner's reads: the owner's session reads without the CSRF token too. */
const OWNER_READ: RouteAccess = {
  kind: "callers",
  names: ["owner session", "owner cookie, no CSRF", "API key"],
};
/**
 * A visitor's call is counted against their address. The owner's changes of a service or a
 * policy name it too: their path is a visitor's read under GET and HEAD, which the fuzzer also
 * sends there (the matrix holds a refused caller to no change at all).
 */
const COUNTED = ["rate_limits"];
/** A booking made, cancelled or moved: its row and its claims of time and of its day's seat. */
const BOOKING_WRITES = ["bookings", "booking_time_claims", "booking_day_claims", "rate_limits"];

const indexOf = (target: Pick<Target, "id">) => Number(target.id.slice(1));
const uuidOf = (group: string, target: Pick<Target, "id">) =>
  `00000000-0000-4000-${group}-${String(indexOf(target)).padStart(12, "0")}`;

/** The row's seeded booking policy. */
export const seededPolicyId = (target: Pick<Target, "id">) => uuidOf("a000", target);
/** The row's seeded service (10-minute slots, every 10 minutes, no buffers, no day limit). */
export const seededServiceId = (target: Pick<Target, "id">) => uuidOf("8000", target);
/** The row's seeded pending booking of its service. */
export const seededBookingId = (target: Pick<Target, "id">) => uuidOf("9000", target);
const saltOf = (target: Pick<Target, "id">) => `reliability-salt-${target.id}`;

/** The first UTC midnight two days after `now`: the rows' free slots count from it. */
export function bookingSlotsFrom(now: number): number {
  return (Math.floor(now / DAY_MS) + 2) * DAY_MS;
}

/** What a row needs of its seeded booking: its action token (as the store signs them) and where its free slots start. */
export function seededBookingTarget(
  signingKey: Uint8Array,
  target: Pick<Target, "id">,
  now: number,
): NonNullable<Target["booking"]> {
  const id = seededBookingId(target);
  const mac = createHmac("sha256", signingKey)
    .update(`booking-action\0${id}\0${saltOf(target)}`)
    .digest("base64url");
  return { token: `${id}.${mac}`, from: bookingSlotsFrom(now) };
}

/**
 * A slot of the row's own (`offset` 0: the one it books, 1: the one it moves a booking to): no
 * two rows of one store share one, whatever their order.
 */
function slotOf(target: Target, offset: 0 | 1) {
  const from = target.booking?.from ?? bookingSlotsFrom(Date.now());
  const start = from + (indexOf(target) * 2 + offset) * SLOT_MINUTES * MINUTE;
  const iso = (ms: number) => new Date(ms).toISOString();
  return { start: iso(start), end: iso(start + SLOT_MINUTES * MINUTE) };
}

const localOf = (iso: string) => iso.slice(0, 19);
const tokenOf = (target: Target) => target.booking?.token ?? "no-token";

/** Everything open every day in UTC; the schedule row's PUT writes it again. */
const SCHEDULE = {
  timeZone: "UTC",
  weekly: ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"].map((day) => ({
    day,
    start: "00:00",
    end: "24:00",
  })),
  overrides: [],
};

/**
 * The schedule, a default policy, and per target a policy, a service and a pending booking of
 * their own (the booking claims no time: the rows' slots are elsewhere).
 */
export function seedBookings(db: Db, targets: Iterable<Target>, now: number): void {
  db.prepare(
    "INSERT INTO booking_schedule (id, time_zone, weekly, overrides, updated_at) VALUES (1, 'UTC', ?, '[]', ?)",
  ).run(
    JSON.stringify(SCHEDULE.weekly.map(({ day }) => ({ day, hours: { start: 0, end: 1440 } }))),
    now,
  );
  const addPolicy = db.prepare(
    "INSERT INTO booking_policies (id, revision, is_default, data, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?)",
  );
  const policy = (id: string, isDefault: boolean) =>
    addPolicy.run(
      id,
      isDefault ? 1 : 0,
      JSON.stringify({
        id,
        name: isDefault ? "Default" : "Reliability policy",
        isDefault,
        bookingWindowMinutes: null,
        minimumNoticeMinutes: 0,
        cancelEnabled: true,
        cancelCutoffMinutes: null,
        rescheduleEnabled: true,
        rescheduleCutoffMinutes: null,
        maxReschedules: null,
      }),
      now,
      now,
    );
  policy("00000000-0000-4000-a000-ffffffffffff", true);
  const addService = db.prepare(
    "INSERT INTO booking_services (id, revision, policy_id, data, created_at, updated_at) VALUES (?, 1, ?, ?, ?, ?)",
  );
  const addBooking = db.prepare(
    `INSERT INTO bookings (id, revision, service_id, status, start_at, end_at, owner_zone,
       owner_day, reschedules, idempotency_key, request_hash, token_salt, data, created_at,
       updated_at)
     VALUES (?, 1, ?, 'PENDING', ?, ?, 'UTC', ?, 0, NULL, NULL, ?, ?, ?, ?)`,
  );
  for (const target of targets) {
    const policyId = seededPolicyId(target);
    const serviceId = seededServiceId(target);
    policy(policyId, false);
    addService.run(
      serviceId,
      policyId,
      JSON.stringify({
        id: serviceId,
        policyId,
        name: "Reliability call",
        description: "",
        tagLine: "",
        priceText: "Free",
        locationKind: "VIDEO",
        locationText: "",
        durationMinutes: SLOT_MINUTES,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 0,
        slotIntervalMinutes: SLOT_MINUTES,
        maxPerDay: null,
        onlineBookingEnabled: true,
        requireManualApproval: false,
        hidden: false,
      }),
      now,
      now,
    );
    // A month after the rows' slots, clear of every one of them.
    const start = bookingSlotsFrom(now) + 30 * DAY_MS + indexOf(target) * SLOT_MINUTES * MINUTE;
    addBooking.run(
      seededBookingId(target),
      serviceId,
      start,
      start + SLOT_MINUTES * MINUTE,
      new Date(start).toISOString().slice(0, 10),
      saltOf(target),
      JSON.stringify({
        title: "Reliability call",
        contact: {
          firstName: "Seeded",
          lastName: "Visitor",
          email: "seeded-visitor@example.com",
          phone: "",
          timeZone: "UTC",
        },
        note: "",
      }),
      now,
      now,
    );
  }
}

/** The body of `createBooking` for the row's own slot. */
function bookingBody(target: Target) {
  const { start, end } = slotOf(target, 0);
  return {
    booking: {
      bookedEntity: {
        slot: {
          serviceId: seededServiceId(target),
          startDate: start,
          endDate: end,
          timezone: "UTC",
        },
      },
      contactDetails: {
        firstName: "Visitor",
        lastName: "Matrix",
        email: `visitor-${target.id}@example.com`,
        timeZone: "UTC",
      },
      totalParticipants: 1,
    },
  };
}

const moveBody = (target: Target) => {
  const { start, end } = slotOf(target, 1);
  return { slot: { startDate: start, endDate: end } };
};

/** Both spellings of a path: the platform's `/_api/...` and the SDK's. */
type Spelling = { label: string; base: string };

const serviceRows = ({ label, base }: Spelling): RouteRow[] => [
  {
    name: `bookings: create service${label}`,
    method: "POST",
    pattern: base,
    access: OWNER_WRITE,
    example: (t) => ({
      url: base,
      body: {
        service: {
          name: "Made by the matrix",
          bookingPolicy: { id: seededPolicyId(t) },
          schedule: { availabilityConstraints: { sessionDurations: [30] } },
        },
      },
    }),
  },
  {
    name: `bookings: query services${label}`,
    method: "POST",
    pattern: `${base}/query`,
    access: { kind: "public" },
    mayWrite: COUNTED,
    example: () => ({ url: `${base}/query`, body: { query: {} } }),
  },
  {
    name: `bookings: get service${label}`,
    method: "GET",
    pattern: `${base}/:id`,
    access: { kind: "public" },
    mayWrite: COUNTED,
    example: (t) => ({ url: `${base}/${enc(seededServiceId(t))}` }),
  },
  {
    name: `bookings: update service${label}`,
    method: "PATCH",
    pattern: `${base}/:id`,
    access: OWNER_WRITE,
    mayWrite: COUNTED,
    example: (t) => ({
      url: `${base}/${enc(seededServiceId(t))}`,
      body: { service: { revision: "1", name: "Renamed by the matrix" } },
    }),
  },
  {
    name: `bookings: delete service${label}`,
    method: "DELETE",
    pattern: `${base}/:id`,
    access: OWNER_WRITE,
    mayWrite: COUNTED,
    example: (t) => ({ url: `${base}/${enc(seededServiceId(t))}` }),
  },
];

const policyRows = ({ label, base }: Spelling): RouteRow[] => [
  {
    name: `bookings: create policy${label}`,
    method: "POST",
    pattern: base,
    access: OWNER_WRITE,
    example: () => ({ url: base, body: { bookingPolicy: { name: "Made by the matrix" } } }),
  },
  {
    name: `bookings: get policy${label}`,
    method: "GET",
    pattern: `${base}/:id`,
    access: { kind: "public" },
    mayWrite: COUNTED,
    example: (t) => ({ url: `${base}/${enc(seededPolicyId(t))}` }),
  },
  {
    name: `bookings: update policy${label}`,
    method: "PATCH",
    pattern: `${base}/:id`,
    access: OWNER_WRITE,
    mayWrite: COUNTED,
    example: (t) => ({
      url: `${base}/${enc(seededPolicyId(t))}`,
      body: { bookingPolicy: { revision: "1", name: "Renamed by the matrix" } },
    }),
  },
];

const bookingRows = ({ label, base }: Spelling): RouteRow[] => [
  {
    // A visitor books the row's own slot: counted, and the booking claims its time and seat.
    name: `bookings: create booking${label}`,
    method: "POST",
    pattern: base,
    access: { kind: "public" },
    mayWrite: BOOKING_WRITES,
    example: (t) => ({ url: base, body: bookingBody(t) }),
  },
  ...(["confirm", "decline", "cancel"] as const).map(
    (verb): RouteRow => ({
      name: `bookings: ${verb} booking${label}`,
      method: "POST",
      pattern: `${base}/:id/${verb}`,
      access: OWNER_WRITE,
      example: (t) => ({ url: `${base}/${enc(seededBookingId(t))}/${verb}`, body: {} }),
    }),
  ),
  {
    name: `bookings: move booking${label}`,
    method: "POST",
    pattern: `${base}/:id/reschedule`,
    access: OWNER_WRITE,
    example: (t) => ({ url: `${base}/${enc(seededBookingId(t))}/reschedule`, body: moveBody(t) }),
  },
];

const confirmationRow = ({ label, base }: Spelling): RouteRow => ({
  name: `bookings: confirm or decline${label}`,
  method: "POST",
  pattern: `${base}/:id`,
  access: OWNER_WRITE,
  example: (t) => ({ url: `${base}/${seededBookingId(t)}:confirmOrDecline`, body: {} }),
});

/**
 * The manage link: the owner hands out a booking's action token; whoever holds it reads the
 * booking and its service, cancels or moves it (a `stateful` row: the token, not the caller,
 * decides).
 */
const anonymousRows = ({ label, base }: Spelling): RouteRow[] => [
  {
    name: `bookings: action token${label}`,
    method: "GET",
    pattern: `${base}/:id/token`,
    access: OWNER_READ,
    example: (t) => ({ url: `${base}/${enc(seededBookingId(t))}/token` }),
  },
  {
    name: `bookings: anonymous get${label}`,
    method: "GET",
    pattern: `${base}/:id`,
    access: { kind: "stateful" },
    mayWrite: COUNTED,
    example: (t) => ({ url: `${base}/${enc(tokenOf(t))}` }),
  },
  {
    name: `bookings: anonymous service${label}`,
    method: "GET",
    pattern: `${base}/:id/service`,
    access: { kind: "stateful" },
    mayWrite: COUNTED,
    example: (t) => ({ url: `${base}/${enc(tokenOf(t))}/service` }),
  },
  {
    name: `bookings: anonymous cancel${label}`,
    method: "POST",
    pattern: `${base}/:id/cancel`,
    access: { kind: "stateful" },
    mayWrite: BOOKING_WRITES,
    example: (t) => ({ url: `${base}/${enc(tokenOf(t))}/cancel`, body: {} }),
  },
  {
    name: `bookings: anonymous move${label}`,
    method: "POST",
    pattern: `${base}/:id/reschedule`,
    access: { kind: "stateful" },
    mayWrite: BOOKING_WRITES,
    example: (t) => ({ url: `${base}/${enc(tokenOf(t))}/reschedule`, body: moveBody(t) }),
  },
];

const SLOTS = "/_api/service-availability/v2/time-slots";
const SCHEDULE_PATH = "/_api/bookings-consultant/v1/schedule";

export const BOOKING_ROWS: RouteRow[] = [
  {
    name: "bookings: list time slots",
    method: "POST",
    pattern: SLOTS,
    access: { kind: "public" },
    mayWrite: COUNTED,
    example: (t) => {
      const { start } = slotOf(t, 0);
      return {
        url: SLOTS,
        body: {
          serviceId: seededServiceId(t),
          fromLocalDate: `${start.slice(0, 10)}T00:00:00`,
          toLocalDate: `${start.slice(0, 10)}T12:00:00`,
          timeZone: "UTC",
          bookable: true,
        },
      };
    },
  },
  {
    name: "bookings: get time slot",
    method: "POST",
    pattern: `${SLOTS}/get`,
    access: { kind: "public" },
    mayWrite: COUNTED,
    example: (t) => {
      const { start, end } = slotOf(t, 0);
      return {
        url: `${SLOTS}/get`,
        body: {
          serviceId: seededServiceId(t),
          localStartDate: localOf(start),
          localEndDate: localOf(end),
          timeZone: "UTC",
        },
      };
    },
  },
  {
    name: "bookings: owner's agenda",
    method: "GET",
    pattern: "/_api/bookings-consultant/v1/bookings",
    access: OWNER_READ,
    example: () => {
      const now = Date.now();
      const from = enc(new Date(now - DAY_MS).toISOString());
      const to = enc(new Date(now + 60 * DAY_MS).toISOString());
      return { url: `/_api/bookings-consultant/v1/bookings?from=${from}&to=${to}` };
    },
  },
  {
    name: "bookings: schedule",
    method: "GET",
    pattern: SCHEDULE_PATH,
    access: OWNER_READ,
    example: () => ({ url: SCHEDULE_PATH }),
  },
  {
    name: "bookings: save schedule",
    method: "PUT",
    pattern: SCHEDULE_PATH,
    access: OWNER_WRITE,
    example: () => ({ url: SCHEDULE_PATH, body: { schedule: SCHEDULE } }),
  },
  ...[
    { label: "", base: "/bookings/v2/services" },
    { label: " (_api)", base: "/_api/bookings/v2/services" },
  ].flatMap(serviceRows),
  ...[
    { label: "", base: "/bookings/v1/booking-policies" },
    { label: " (_api)", base: "/_api/bookings/v1/booking-policies" },
  ].flatMap(policyRows),
  ...[
    { label: "", base: "/bookings/v2/bookings" },
    { label: " (_api)", base: "/_api/bookings-service/v2/bookings" },
  ].flatMap(bookingRows),
  ...[
    { label: "", base: "/bookings/v2/confirmation" },
    { label: " (_api)", base: "/_api/bookings-service/v2/bookings/confirmation" },
  ].map(confirmationRow),
  ...[
    { label: "", base: "/v1/anonymous-bookings" },
    { label: " (_api)", base: "/_api/bookings-service/v1/anonymous-bookings" },
  ].flatMap(anonymousRows),
];
