import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type BookingCall,
  bookingRequest,
  injectCall,
  setUpBooking,
} from "../main/test-kit/booking-kit.ts";
import { createTestApp, type TestApp } from "../main/test-kit/test-app.ts";

type Json = Record<string, unknown>;
const HOUR = 3_600_000;

let t: TestApp;
let call: BookingCall;
let owner: Record<string, string>;

beforeEach(() => {
  t = createTestApp({ bookings: { maxCreatesPerAddress: 50 } });
  call = injectCall(t.app);
  owner = { authorization: t.apiKey };
});
afterEach(() => t.app.close());

/** START_MS is 2025-01-01T00:00Z; the schedule is Berlin's 09:00-17:00 every day. */
const slot = (day: number, hourUtc: number, minutes = 30) => {
  const start = Date.UTC(2025, 0, day, hourUtc);
  return [new Date(start).toISOString(), new Date(start + minutes * 60_000).toISOString()] as const;
};

async function book(serviceId: string, times: readonly [string, string], email = "v@example.com") {
  return call(
    "POST",
    "/_api/bookings-service/v2/bookings",
    bookingRequest(serviceId, ...times, email),
  );
}

const code = (json: Json) =>
  ((json.details as Json | undefined)?.applicationError as Json | undefined)?.code;

describe("a visitor books a slot", () => {
  it("sees the owner's hours in their own time zone, books one, and it is gone for the next", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    const listed = await call("POST", "/_api/service-availability/v2/time-slots", {
      serviceId,
      fromLocalDate: "2025-01-02T00:00:00",
      toLocalDate: "2025-01-03T00:00:00",
      timeZone: "America/New_York",
      bookable: true,
    });
    const first = (listed.json.timeSlots as Json[])[0] as Json;
    expect(first).toMatchObject({
      localStartDate: "2025-01-02T03:00:00",
      localEndDate: "2025-01-02T03:30:00",
      bookable: true,
      remainingCapacity: 1,
    });

    const made = await book(serviceId, slot(2, 8));
    const again = await book(serviceId, slot(2, 8), "other@example.com");
    const after = await call("POST", "/_api/service-availability/v2/time-slots/get", {
      serviceId,
      localStartDate: "2025-01-02T09:00:00",
      localEndDate: "2025-01-02T09:30:00",
      timeZone: "Europe/Berlin",
    });

    expect(made.status).toBe(200);
    expect(made.json.booking).toMatchObject({
      status: "CONFIRMED",
      startDate: "2025-01-02T08:00:00.000Z",
      bookedEntity: { title: "Introductory call", slot: { timezone: "Europe/Berlin" } },
    });
    expect([again.status, code(again.json)]).toEqual([409, "BOOKING_SLOT_TAKEN"]);
    expect(after.json.timeSlot).toMatchObject({ bookable: false, remainingCapacity: 0 });
  });

  it("the buffer after a booking and the limit per day are held", async () => {
    const { serviceId } = await setUpBooking(call, owner, {
      service: {
        schedule: { availabilityConstraints: { sessionDurations: [30], timeBetweenSessions: 15 } },
        extendedFields: { namespaces: { "@consultant/booking": { maxPerDay: 2 } } },
      },
    });

    expect((await book(serviceId, slot(2, 8))).status).toBe(200);
    const inBuffer = await book(serviceId, [slot(2, 8)[1], slot(2, 9)[0]]);
    expect(code(inBuffer.json)).toBe("BOOKING_SLOT_TAKEN");
    const right = await book(serviceId, slot(2, 9));
    const late = await book(serviceId, slot(2, 12));
    expect(right.status).toBe(200);
    expect([late.status, code(late.json)]).toEqual([409, "BOOKING_DAY_FULL"]);
  });

  it("refuses times off the schedule, too soon and too far ahead, with the platform's error shape", async () => {
    const { serviceId } = await setUpBooking(call, owner);

    const night = await book(serviceId, slot(2, 20));
    const soon = await book(serviceId, slot(1, 9));
    const far = await book(serviceId, slot(90, 9));
    const odd = await book(serviceId, ["2025-01-02T08:03:00.000Z", "2025-01-02T08:33:00.000Z"]);

    expect([night.status, code(night.json)]).toEqual([400, "BOOKING_SLOT_NOT_OFFERED"]);
    expect([soon.status, code(soon.json)]).toEqual([428, "BOOKING_TOO_LATE"]);
    expect([far.status, code(far.json)]).toEqual([428, "BOOKING_TOO_EARLY"]);
    expect(odd.status).toBe(400);
    expect(odd.json.details).toHaveProperty("validationError");
  });

  it("refuses a time without its zone, or in another format, whatever the server's own zone", async () => {
    const { serviceId } = await setUpBooking(call, owner);

    const local = await book(serviceId, ["2025-01-02T08:00:00", "2025-01-02T08:30:00"]);
    const http = await book(serviceId, ["Thu, 02 Jan 2025 08:00:00 GMT", slot(2, 8)[1]]);
    const offset = await book(serviceId, [
      "2025-01-02T09:00:00+01:00",
      "2025-01-02T09:30:00+01:00",
    ]);

    expect([local.status, http.status]).toEqual([400, 400]);
    expect(JSON.stringify(local.json.details)).toContain("booking.bookedEntity.slot.startDate");
    expect(offset.status).toBe(200);
    expect((offset.json.booking as Json).startDate).toBe("2025-01-02T08:00:00.000Z");
  });

  it("keeps the lines of the visitor's note, and makes every other control character a space", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    const body = bookingRequest(serviceId, ...slot(2, 8), "v@example.com");
    const namespaces = { "@consultant/booking": { note: "Line one\r\nLine\ttwo\u0007\n" } };
    const made = await call("POST", "/_api/bookings-service/v2/bookings", {
      booking: { ...body.booking, extendedFields: { namespaces } },
    });

    const note = ((made.json.booking as Json).extendedFields as Json).namespaces as Json;
    expect((note["@consultant/booking"] as Json).note).toBe("Line one\nLine two");
  });

  it("one idempotency key makes one booking; reused for another request it is refused", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    const body = bookingRequest(serviceId, ...slot(2, 8), "v@example.com");
    const key = { "idempotency-key": "retry-1" };

    const first = await call("POST", "/_api/bookings-service/v2/bookings", body, key);
    const retried = await call("POST", "/_api/bookings-service/v2/bookings", body, key);
    const other = bookingRequest(serviceId, ...slot(2, 9), "v@example.com");
    const misused = await call("POST", "/_api/bookings-service/v2/bookings", other, key);

    expect((retried.json.booking as Json).id).toBe((first.json.booking as Json).id);
    expect([misused.status, code(misused.json)]).toEqual([409, "BOOKING_IDEMPOTENCY_MISMATCH"]);
  });
});

describe("the visitor's manage link", () => {
  async function bookedWithToken() {
    const { serviceId } = await setUpBooking(call, owner, {
      policy: { extendedFields: { namespaces: { "@consultant/booking": { maxReschedules: 1 } } } },
    });
    const made = await book(serviceId, slot(3, 8));
    const id = String((made.json.booking as Json).id);
    const token = await call("GET", `/v1/anonymous-bookings/${id}/token`, undefined, owner);
    return { serviceId, id, token: String(token.json.token) };
  }

  it("reads, moves once and cancels within the policy; a second move is refused", async () => {
    const { token } = await bookedWithToken();

    const read = await call("GET", `/v1/anonymous-bookings/${token}`);
    const service = await call("GET", `/v1/anonymous-bookings/${token}/service`);
    const [startDate, endDate] = slot(3, 10);
    const moved = await call("POST", `/v1/anonymous-bookings/${token}/reschedule`, {
      slot: { startDate, endDate },
    });
    const again = await call("POST", `/v1/anonymous-bookings/${token}/reschedule`, {
      slot: { startDate: slot(3, 12)[0], endDate: slot(3, 12)[1] },
    });
    const cancelled = await call("POST", `/v1/anonymous-bookings/${token}/cancel`, {});

    expect(read.json.booking).toMatchObject({ status: "CONFIRMED" });
    expect(service.json.service).toMatchObject({ name: "Introductory call" });
    expect(moved.json.booking).toMatchObject({ startDate, revision: "2" });
    expect([again.status, code(again.json)]).toEqual([428, "BOOKING_RESCHEDULE_LIMIT"]);
    expect(cancelled.json.booking).toMatchObject({ status: "CANCELED" });
  });

  it("is refused past the cutoff, and a made-up token names no booking", async () => {
    const { id, token } = await bookedWithToken();
    t.clock.ms = Date.UTC(2025, 0, 3, 8) - 23 * HOUR;

    const cancel = await call("POST", `/v1/anonymous-bookings/${token}/cancel`, {});
    const move = await call("POST", `/v1/anonymous-bookings/${token}/reschedule`, {
      slot: { startDate: slot(4, 8)[0], endDate: slot(4, 8)[1] },
    });
    const forged = await call("GET", `/v1/anonymous-bookings/${id}.${"A".repeat(43)}`);
    const ownerCancel = await call(
      "POST",
      `/_api/bookings-service/v2/bookings/${id}/cancel`,
      { flowControlSettings: { ignoreCancellationPolicy: true } },
      owner,
    );

    expect([cancel.status, code(cancel.json)]).toEqual([428, "BOOKING_CANCEL_CUTOFF"]);
    expect([move.status, code(move.json)]).toEqual([428, "BOOKING_RESCHEDULE_CUTOFF"]);
    expect([forged.status, code(forged.json)]).toEqual([404, "BOOKING_TOKEN_INVALID"]);
    expect(ownerCancel.json.booking).toMatchObject({ status: "CANCELED" });
  });
});

describe("the owner's calls", () => {
  it("a visitor can neither set up services nor approve bookings", async () => {
    const { serviceId } = await setUpBooking(call, owner, {
      service: { onlineBooking: { enabled: true, requireManualApproval: true } },
    });
    const made = await book(serviceId, slot(2, 8));
    const id = String((made.json.booking as Json).id);

    const create = await call("POST", "/bookings/v2/services", { service: { name: "Mine" } });
    const confirm = await call("POST", `/bookings/v2/confirmation/${id}:confirmOrDecline`, {});
    const token = await call("GET", `/v1/anonymous-bookings/${id}/token`);
    const confirmed = await call(
      "POST",
      `/bookings/v2/confirmation/${id}:confirmOrDecline`,
      {},
      owner,
    );

    expect(made.json.booking).toMatchObject({ status: "PENDING" });
    for (const refused of [create, confirm, token]) {
      expect([refused.status, code(refused.json)]).toEqual([403, "BOOKING_OWNER_REQUIRED"]);
    }
    expect(confirmed.json.booking).toMatchObject({ status: "CONFIRMED" });
  });

  it("declining frees the time; a stale revision is refused", async () => {
    const { serviceId } = await setUpBooking(call, owner, {
      service: { onlineBooking: { enabled: true, requireManualApproval: true } },
    });
    const made = await book(serviceId, slot(2, 8));
    const id = String((made.json.booking as Json).id);
    const base = `/_api/bookings-service/v2/bookings/${id}`;

    const stale = await call("POST", `${base}/decline`, { revision: "7" }, owner);
    const declined = await call("POST", `${base}/decline`, { revision: "1" }, owner);
    const rebooked = await book(serviceId, slot(2, 8), "next@example.com");

    expect([stale.status, code(stale.json)]).toEqual([409, "BOOKING_REVISION_MISMATCH"]);
    expect(declined.json.booking).toMatchObject({ status: "DECLINED", revision: "2" });
    expect(rebooked.status).toBe(200);
  });

  it("services: hidden ones are the owner's to see; updates name the revision they read", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    const path = `/bookings/v2/services/${serviceId}`;
    const hide = { service: { hidden: true, revision: "1" } };

    const hidden = await call("PATCH", path, hide, owner);
    const stale = await call("PATCH", path, hide, owner);
    const visitorQuery = await call("POST", "/bookings/v2/services/query", { query: {} });
    const ownerQuery = await call("POST", "/bookings/v2/services/query", { query: {} }, owner);
    const visitorGet = await call("GET", path);

    expect(hidden.json.service).toMatchObject({ hidden: true, revision: "2" });
    expect(code(stale.json)).toBe("BOOKING_REVISION_MISMATCH");
    expect(visitorQuery.json.services).toEqual([]);
    expect(ownerQuery.json.pagingMetadata).toMatchObject({ total: 1, hasNext: false });
    expect(visitorGet.status).toBe(404);
  });
});

describe("abuse", () => {
  it("one address cannot book the whole calendar: its creations are counted and refused", async () => {
    await t.app.close();
    t = createTestApp({ bookings: { maxCreatesPerAddress: 3 } });
    call = injectCall(t.app, "203.0.113.9");
    owner = { authorization: t.apiKey };
    const { serviceId } = await setUpBooking(call, owner);

    const answers = [];
    for (const hour of [8, 9, 10, 11, 12]) answers.push(await book(serviceId, slot(2, hour)));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429, 429]);
    expect(code((answers[3] as { json: Json }).json)).toBe("BOOKING_THROTTLED");
  });
});

describe("a visitor posing as the owner", () => {
  it("cannot skip the hours, the notice or the approval with the owner's flow-control settings", async () => {
    const { serviceId } = await setUpBooking(call, owner, {
      service: { onlineBooking: { enabled: true, requireManualApproval: true } },
    });
    const skipAll = {
      skipAvailabilityValidation: true,
      skipBookingPolicyValidation: true,
      skipBusinessConfirmation: true,
    };
    const at = (times: readonly [string, string]) => ({
      ...bookingRequest(serviceId, ...times, "v@example.com"),
      flowControlSettings: skipAll,
    });

    const night = await call("POST", "/_api/bookings-service/v2/bookings", at(slot(2, 20)));
    const soon = await call("POST", "/_api/bookings-service/v2/bookings", at(slot(1, 9)));
    const unapproved = await call("POST", "/_api/bookings-service/v2/bookings", at(slot(2, 8)));

    expect(code(night.json)).toBe("BOOKING_SLOT_NOT_OFFERED");
    expect(code(soon.json)).toBe("BOOKING_TOO_LATE");
    expect(unapproved.json.booking).toMatchObject({ status: "PENDING" });
  });
});

describe("the owner's agenda", () => {
  it("lists the bookings of a range, every status, by start; visitors may not read it", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    await book(serviceId, slot(3, 9));
    const early = await book(serviceId, slot(2, 9));
    const id = String((early.json.booking as Json).id);
    await call("POST", `/_api/bookings-service/v2/bookings/${id}/cancel`, {}, owner);
    const path =
      "/_api/bookings-consultant/v1/bookings?from=2025-01-01T00:00:00Z&to=2025-02-01T00:00:00Z";

    const agenda = await call("GET", path, undefined, owner);
    const visitor = await call("GET", path);

    expect((agenda.json.bookings as Json[]).map((b) => [b.startDate, b.status])).toEqual([
      [slot(2, 9)[0], "CANCELED"],
      [slot(3, 9)[0], "CONFIRMED"],
    ]);
    expect(visitor.status).toBe(403);
  });
});

describe("a service deleted with bookings left", () => {
  it("its visitors can still cancel through their link, under the default policy", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    const made = await book(serviceId, slot(3, 9));
    const id = String((made.json.booking as Json).id);
    const token = String(
      (await call("GET", `/v1/anonymous-bookings/${id}/token`, undefined, owner)).json.token,
    );
    await call("DELETE", `/bookings/v2/services/${serviceId}`, undefined, owner);

    const cancelled = await call("POST", `/v1/anonymous-bookings/${token}/cancel`, {});

    expect(cancelled.json.booking).toMatchObject({ status: "CANCELED" });
  });
});

describe("a limit per day set after bookings were made", () => {
  it("counts the bookings made before it", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    await book(serviceId, slot(2, 8));
    await book(serviceId, slot(2, 9));
    const limit = { "@consultant/booking": { maxPerDay: 2 } };
    await call(
      "PATCH",
      `/bookings/v2/services/${serviceId}`,
      { service: { revision: "1", extendedFields: { namespaces: limit } } },
      owner,
    );

    const third = await book(serviceId, slot(2, 11));

    expect([third.status, code(third.json)]).toEqual([409, "BOOKING_DAY_FULL"]);
  });
});

describe("a headless site on another origin", () => {
  it("may call the Bookings paths, with an idempotency key", async () => {
    const origin = { origin: "https://site.example", "access-control-request-method": "POST" };
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/_api/bookings-service/v2/bookings",
      headers: { ...origin, "access-control-request-headers": "content-type, idempotency-key" },
    });
    const query = await t.app.inject({
      method: "POST",
      url: "/bookings/v2/services/query",
      headers: { origin: "https://site.example" },
      payload: { query: {} },
    });

    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-headers"]).toContain("idempotency-key");
    expect(query.headers["access-control-allow-origin"]).toBe("*");
  });
});
