/**
 * The Bookings calls of docs/protocol.md §14, sent as raw requests with the paths and bodies
 * `@wix/bookings` sends (§14.1) through the official SDK's own transport: `fetchWithAuth` of an
 * `ApiKeyStrategy` client (the owner's script) and of an `OAuthStrategy` client (a visitor, with
 * the visitor token the SDK fetches itself), so every answer is checked field by field on the
 * wire. `bookings-sdk.test.ts` drives the same calls through the `@wix/bookings` modules.
 */
import { ApiKeyStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import { beforeAll, describe, expect, it } from "vitest";
import { useStoreForSdk } from "./harness/sdk-environment.ts";
import { CLIENT_ID } from "./harness/store-server.ts";

type Json = Record<string, unknown>;
const WWW = "https://www.wixapis.com";

const env = useStoreForSdk();
let owner: ReturnType<typeof createClient>;
let visitor: ReturnType<typeof createClient>;

/** One call through a client's authenticated fetch: status, parsed body, request id. */
async function send(
  client: ReturnType<typeof createClient>,
  method: string,
  path: string,
  body?: unknown,
) {
  const response = await client.fetchWithAuth(`${WWW}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  return {
    status: response.status,
    json: (await response.json()) as Json,
    requestId: response.headers.get("x-wix-request-id"),
  };
}

const appError = (json: Json) =>
  (json.details as { applicationError?: { code: string } } | undefined)?.applicationError?.code;

/** The store's clock starts 2025-03-01T10:00Z; Monday 3 March, 10:00 in Berlin, is 09:00Z. */
const MONDAY_10 = { start: "2025-03-03T09:00:00.000Z", end: "2025-03-03T09:30:00.000Z" };

let policy: Json;
let service: Json;

beforeAll(async () => {
  owner = createClient({
    modules: {},
    auth: ApiKeyStrategy({ apiKey: env.store.apiKey, siteId: "s" }),
  });
  visitor = createClient({ modules: {}, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
  const schedule = {
    timeZone: "Europe/Berlin",
    weekly: ["MON", "TUE", "WED", "THU", "FRI"].map((day) => ({
      day,
      start: "09:00",
      end: "17:00",
    })),
    overrides: [{ date: "2025-03-04", hours: [] }],
  };
  const saved = await send(owner, "PUT", "/_api/bookings-consultant/v1/schedule", { schedule });
  expect(saved.status).toBe(200);
});

describe("bookingPolicies", () => {
  it("createBookingPolicy, getBookingPolicy, updateBookingPolicy with the revision read", async () => {
    const created = await send(owner, "POST", "/bookings/v1/booking-policies", {
      bookingPolicy: {
        name: "Calls",
        limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 60 },
        cancellationPolicy: {
          enabled: true,
          limitLatestCancellation: true,
          latestCancellationInMinutes: 1440,
        },
      },
    });
    const id = String((created.json.bookingPolicy as Json).id);
    const read = await send(visitor, "GET", `/bookings/v1/booking-policies/${id}`);
    const updated = await send(owner, "PATCH", `/bookings/v1/booking-policies/${id}`, {
      bookingPolicy: {
        id,
        revision: "1",
        reschedulePolicy: {
          enabled: true,
          limitLatestReschedule: true,
          latestRescheduleInMinutes: 720,
        },
      },
    });
    policy = updated.json.bookingPolicy as Json;

    expect(created.status).toBe(200);
    expect(read.json.bookingPolicy).toEqual(created.json.bookingPolicy);
    expect(policy).toMatchObject({
      id,
      revision: "2",
      limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 60 },
      cancellationPolicy: { enabled: true, latestCancellationInMinutes: 1440 },
      reschedulePolicy: { enabled: true, latestRescheduleInMinutes: 720 },
    });
    expect(created.requestId).toEqual(expect.any(String));
  });
});

describe("services", () => {
  it("createService, getService, updateService, queryServices, deleteService", async () => {
    const body = (name: string) => ({
      service: {
        type: "APPOINTMENT",
        name,
        defaultCapacity: 1,
        onlineBooking: { enabled: true, requireManualApproval: false },
        payment: { rateType: "CUSTOM", custom: { description: "Free" } },
        bookingPolicy: { id: policy.id },
        schedule: { availabilityConstraints: { sessionDurations: [30], timeBetweenSessions: 0 } },
      },
    });
    const created = await send(owner, "POST", "/bookings/v2/services", body("Introductory call"));
    const spare = await send(owner, "POST", "/_api/bookings/v2/services", body("Spare"));
    service = created.json.service as Json;
    const read = await send(visitor, "GET", `/bookings/v2/services/${service.id}`);
    const updated = await send(owner, "PATCH", `/bookings/v2/services/${service.id}`, {
      service: { id: service.id, revision: "1", tagLine: "30 minutes, free" },
    });
    const removed = await send(
      owner,
      "DELETE",
      `/bookings/v2/services/${(spare.json.service as Json).id}`,
    );
    const queried = await send(visitor, "POST", "/bookings/v2/services/query", {
      query: { filter: { name: "Introductory call" }, paging: { limit: 10, offset: 0 } },
    });

    expect(service).toMatchObject({
      type: "APPOINTMENT",
      revision: "1",
      bookingPolicy: { id: policy.id },
    });
    expect(read.json.service).toEqual(service);
    expect(updated.json.service).toMatchObject({ revision: "2", tagLine: "30 minutes, free" });
    expect([removed.status, removed.json]).toEqual([200, {}]);
    expect(queried.json).toMatchObject({
      services: [{ id: service.id, revision: "2" }],
      pagingMetadata: { count: 1, offset: 0, total: 1, hasNext: false },
    });
  });
});

describe("availabilityTimeSlots", () => {
  it("listAvailabilityTimeSlots: local dates and zone in, slots with bookable and capacity out", async () => {
    const listed = await send(visitor, "POST", "/_api/service-availability/v2/time-slots", {
      serviceId: service.id,
      fromLocalDate: "2025-03-03T00:00:00",
      toLocalDate: "2025-03-05T00:00:00",
      timeZone: "America/New_York",
      cursorPaging: { limit: 3 },
    });

    expect(listed.json).toMatchObject({
      timeZone: "America/New_York",
      cursorPagingMetadata: { count: 3, hasNext: true, cursors: { next: expect.any(String) } },
    });
    expect((listed.json.timeSlots as Json[])[0]).toEqual({
      serviceId: service.id,
      localStartDate: "2025-03-03T03:00:00",
      localEndDate: "2025-03-03T03:30:00",
      bookable: true,
      totalCapacity: 1,
      remainingCapacity: 1,
      bookableCapacity: 1,
      bookingPolicyViolations: {
        tooEarlyToBook: false,
        // The store's default booking window, 60 days (docs/protocol.md §14.2), and 60 min notice.
        earliestBookingDate: "2025-01-02T08:00:00.000Z",
        tooLateToBook: false,
        latestBookingDate: "2025-03-03T07:00:00.000Z",
        bookOnlineDisabled: false,
      },
      location: { locationType: "CUSTOM" },
      availableResources: [],
    });
    const next = await send(visitor, "POST", "/_api/service-availability/v2/time-slots", {
      cursorPaging: {
        limit: 1000,
        cursor: (listed.json.cursorPagingMetadata as { cursors: { next: string } }).cursors.next,
      },
    });
    // Tuesday is a day off (an override); Monday 09:00-17:00 has 16 half-hours.
    expect((next.json.timeSlots as Json[]).length).toBe(13);
  });

  it("getAvailabilityTimeSlot", async () => {
    const got = await send(visitor, "POST", "/_api/service-availability/v2/time-slots/get", {
      serviceId: service.id,
      localStartDate: "2025-03-03T10:00:00",
      localEndDate: "2025-03-03T10:30:00",
      timeZone: "Europe/Berlin",
    });
    expect(got.json).toMatchObject({ timeZone: "Europe/Berlin", timeSlot: { bookable: true } });
  });
});

describe("bookings", () => {
  const booking = (email: string, times = MONDAY_10) => ({
    booking: {
      totalParticipants: 1,
      bookedEntity: {
        slot: {
          serviceId: service.id,
          startDate: times.start,
          endDate: times.end,
          timezone: "America/New_York",
        },
      },
      contactDetails: {
        firstName: "Ada",
        lastName: "Visitor",
        email,
        timeZone: "America/New_York",
      },
    },
    participantNotification: { notifyParticipants: false },
  });

  it("createBooking; the same slot again is a conflict in the platform's error shape", async () => {
    const created = await send(
      visitor,
      "POST",
      "/_api/bookings-service/v2/bookings",
      booking("ada@example.com"),
    );
    const again = await send(
      visitor,
      "POST",
      "/_api/bookings-service/v2/bookings",
      booking("bo@example.com"),
    );

    expect(created.json.booking).toMatchObject({
      status: "CONFIRMED",
      revision: "1",
      startDate: MONDAY_10.start,
      bookedEntity: {
        slot: { serviceId: service.id, startDate: MONDAY_10.start, endDate: MONDAY_10.end },
      },
      contactDetails: { email: "ada@example.com", timeZone: "America/New_York" },
    });
    expect([again.status, again.json.message, appError(again.json)]).toEqual([
      409,
      "This time is no longer free. Choose another.",
      "BOOKING_SLOT_TAKEN",
    ]);
  });

  it("the anonymous calls with the action token: get, service, reschedule, cancel", async () => {
    const made = await send(
      visitor,
      "POST",
      "/_api/bookings-service/v2/bookings",
      booking("cy@example.com", {
        start: "2025-03-05T09:00:00.000Z",
        end: "2025-03-05T09:30:00.000Z",
      }),
    );
    const id = String((made.json.booking as Json).id);
    const token = String(
      (await send(owner, "GET", `/v1/anonymous-bookings/${id}/token`)).json.token,
    );
    const anonymous = createClient({ modules: {}, auth: OAuthStrategy({ clientId: CLIENT_ID }) });

    const got = await send(anonymous, "GET", `/v1/anonymous-bookings/${token}`);
    const ofService = await send(anonymous, "GET", `/v1/anonymous-bookings/${token}/service`);
    const moved = await send(anonymous, "POST", `/v1/anonymous-bookings/${token}/reschedule`, {
      slot: {
        serviceId: service.id,
        startDate: "2025-03-05T10:00:00.000Z",
        endDate: "2025-03-05T10:30:00.000Z",
      },
      revision: "1",
    });
    const cancelled = await send(anonymous, "POST", `/v1/anonymous-bookings/${token}/cancel`, {
      revision: "2",
    });

    expect(got.json.booking).toMatchObject({ id, status: "CONFIRMED" });
    expect(ofService.json.service).toMatchObject({ id: service.id });
    expect(moved.json.booking).toMatchObject({
      startDate: "2025-03-05T10:00:00.000Z",
      revision: "2",
    });
    expect(cancelled.json.booking).toMatchObject({ status: "CANCELED", revision: "3" });
  });

  it("the owner's confirmOrDeclineBooking, rescheduleBooking, cancelBooking, declineBooking", async () => {
    const approval = await send(owner, "PATCH", `/bookings/v2/services/${service.id}`, {
      service: {
        id: service.id,
        revision: "2",
        onlineBooking: { enabled: true, requireManualApproval: true },
      },
    });
    expect(approval.status).toBe(200);
    const at = (hour: number) => ({
      start: `2025-03-06T${String(hour).padStart(2, "0")}:00:00.000Z`,
      end: `2025-03-06T${String(hour).padStart(2, "0")}:30:00.000Z`,
    });
    const pending = await send(
      visitor,
      "POST",
      "/_api/bookings-service/v2/bookings",
      booking("di@example.com", at(9)),
    );
    const other = await send(
      visitor,
      "POST",
      "/_api/bookings-service/v2/bookings",
      booking("ed@example.com", at(11)),
    );
    const id = String((pending.json.booking as Json).id);
    const otherId = String((other.json.booking as Json).id);

    const confirmed = await send(
      owner,
      "POST",
      `/bookings/v2/confirmation/${id}:confirmOrDecline`,
      { paymentStatus: "EXEMPT" },
    );
    const moved = await send(owner, "POST", `/_api/bookings-service/v2/bookings/${id}/reschedule`, {
      slot: { serviceId: service.id, startDate: at(10).start, endDate: at(10).end },
      revision: "2",
      participantNotification: { notifyParticipants: false },
    });
    const cancelled = await send(owner, "POST", `/_api/bookings-service/v2/bookings/${id}/cancel`, {
      revision: "3",
      participantNotification: { notifyParticipants: false },
    });
    const declined = await send(
      owner,
      "POST",
      `/_api/bookings-service/v2/bookings/${otherId}/decline`,
      { revision: "1" },
    );

    expect(pending.json.booking).toMatchObject({ status: "PENDING" });
    expect(confirmed.json.booking).toMatchObject({ status: "CONFIRMED", revision: "2" });
    expect(moved.json.booking).toMatchObject({ startDate: at(10).start, revision: "3" });
    expect(cancelled.json.booking).toMatchObject({ status: "CANCELED" });
    expect(declined.json.booking).toMatchObject({ status: "DECLINED" });
  });
});
