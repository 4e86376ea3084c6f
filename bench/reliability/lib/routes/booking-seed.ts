/**
 * @module The bookings the route table's rows act on (booking-rows.ts): per row a policy, a
 * service and a pending booking of their own, on a schedule open all day in UTC, and each row's
 * own slots (so no row's slot is another's), and the row's action token as the store signs it.
 */
import { createHmac } from "node:crypto";
import type { Db } from "../../../../apps/store/src/main/testing.ts";
import type { Target } from "./route-row.ts";

export const MINUTE = 60_000;
export const DAY_MS = 1440 * MINUTE;
/** The seeded services' length and slot interval: every row's slots are 10 minutes apart. */
const SLOT_MINUTES = 10;

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
export function slotOf(target: Target, offset: 0 | 1) {
  const from = target.booking?.from ?? bookingSlotsFrom(Date.now());
  const start = from + (indexOf(target) * 2 + offset) * SLOT_MINUTES * MINUTE;
  const iso = (ms: number) => new Date(ms).toISOString();
  return { start: iso(start), end: iso(start + SLOT_MINUTES * MINUTE) };
}

/** Everything open every day in UTC; the schedule row's PUT writes it again. */
export const SCHEDULE = {
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
