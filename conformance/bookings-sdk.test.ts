/**
 * The official `@wix/bookings` modules as the client, unmodified, against the store: every call
 * of docs/protocol.md §14.1, with the requests it sent checked against §14.1's paths. The SDK
 * answers `_id` where the wire has `id` (its own transform).
 */
import { availabilityTimeSlots, bookingPolicies, bookings, services } from "@wix/bookings";
import { ApiKeyStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import { expect, it } from "vitest";
import { useStoreForSdk } from "./harness/sdk-environment.ts";
import { CLIENT_ID } from "./harness/store-server.ts";

const env = useStoreForSdk();
const modules = { services, bookings, availabilityTimeSlots, bookingPolicies };
type Loose = Record<string, any>; // the SDK's generated types are far wider than these calls

/** What the SDK sent since `from`: "METHOD path" without host or query. */
function sentSince(from: number): string[] {
  return env.forward.captured
    .slice(from)
    .map((request) => `${request.method} ${new URL(request.url).pathname}`)
    .map((line) =>
      line.replace(/[0-9a-f-]{36}(\.[\w-]{43})?/g, (_, token) => (token ? "{token}" : "{id}")),
    )
    .filter((line) => !line.endsWith("/oauth2/token"));
}

it("services, policies, slots and bookings through @wix/bookings", async () => {
  const owner = createClient({
    modules,
    auth: ApiKeyStrategy({ apiKey: env.store.apiKey, siteId: "s" }),
  });
  const visitor = createClient({ modules, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
  const schedule = {
    timeZone: "Europe/Berlin",
    weekly: [{ day: "MON", start: "09:00", end: "17:00" }],
    overrides: [],
  };
  await env.forward.realFetch(`${env.store.url}/_api/bookings-consultant/v1/schedule`, {
    method: "PUT",
    headers: { authorization: env.store.apiKey, "content-type": "application/json" },
    body: JSON.stringify({ schedule }),
  });
  const start = env.forward.captured.length;

  const policy: Loose = await owner.bookingPolicies.createBookingPolicy({ name: "Calls" } as Loose);
  const readPolicy: Loose = await visitor.bookingPolicies.getBookingPolicy(policy._id);
  const newPolicy: Loose = await owner.bookingPolicies.updateBookingPolicy(policy._id, {
    revision: "1",
    limitLateBookingPolicy: { enabled: true, latestBookingInMinutes: 60 },
  } as Loose);
  const service: Loose = await owner.services.createService({
    name: "Introductory call",
    type: "APPOINTMENT",
    defaultCapacity: 1,
    bookingPolicy: { _id: policy._id },
    schedule: { availabilityConstraints: { sessionDurations: [30] } },
    // The SDK's `formatted` is the wire's `formattedAddress` (its address transformation).
    locations: [{ type: "CUSTOM", custom: { address: { formatted: "Main Street 1, Berlin" } } }],
  } as Loose);
  const spare: Loose = await owner.services.createService({
    name: "Spare",
    bookingPolicy: { _id: policy._id },
  } as Loose);
  const readService: Loose = await visitor.services.getService(service._id);
  const newService: Loose = await owner.services.updateService(service._id, {
    revision: "1",
    tagLine: "Free",
  } as Loose);
  await owner.services.deleteService(spare._id);
  const queried = await visitor.services.queryServices().find();
  const listed: Loose = await visitor.availabilityTimeSlots.listAvailabilityTimeSlots({
    serviceId: service._id,
    fromLocalDate: "2025-03-03T00:00:00",
    toLocalDate: "2025-03-04T00:00:00",
    timeZone: "America/New_York",
    bookable: true,
  } as Loose);
  const got: Loose = await visitor.availabilityTimeSlots.getAvailabilityTimeSlot(
    service._id,
    "2025-03-03T10:00:00",
    "2025-03-03T10:30:00",
    "Europe/Berlin",
    {} as Loose,
  );
  const slot = {
    serviceId: service._id,
    startDate: "2025-03-03T09:00:00.000Z",
    endDate: "2025-03-03T09:30:00.000Z",
  };
  const contactDetails = {
    firstName: "Ada",
    email: "ada@example.com",
    timeZone: "America/New_York",
  };
  const created: Loose = await visitor.bookings.createBooking({
    bookedEntity: { slot },
    contactDetails,
  } as Loose);
  const taken: Loose = await visitor.bookings
    .createBooking({
      bookedEntity: { slot },
      contactDetails: { ...contactDetails, email: "bo@example.com" },
    } as Loose)
    .catch((error: Loose) => error);
  const id = created.booking._id;
  const confirmed: Loose = await owner.bookings.confirmOrDeclineBooking(id, {});
  const { token } = (await owner.bookings.getAnonymousActionToken(id)) as Loose;
  const anonymous = createClient({ modules, auth: OAuthStrategy({ clientId: CLIENT_ID }) });
  const readAnonymously: Loose = await anonymous.bookings.bookingsGetBookingAnonymously(token);
  const serviceAnonymously: Loose = await anonymous.bookings.getServiceAnonymously(token);
  const moved: Loose = await anonymous.bookings.bookingsRescheduleBookingAnonymously(
    token,
    {
      serviceId: service._id,
      startDate: "2025-03-03T10:00:00.000Z",
      endDate: "2025-03-03T10:30:00.000Z",
    } as Loose,
    { revision: "1" },
  );
  const movedByOwner: Loose = await owner.bookings.rescheduleBooking(
    id,
    {
      serviceId: service._id,
      startDate: "2025-03-03T11:00:00.000Z",
      endDate: "2025-03-03T11:30:00.000Z",
    } as Loose,
    { revision: "2" },
  );
  const cancelled: Loose = await anonymous.bookings.bookingsCancelBookingAnonymously(token, "3");

  expect(readPolicy).toEqual(policy);
  expect(newPolicy).toMatchObject({
    revision: "2",
    limitLateBookingPolicy: { latestBookingInMinutes: 60 },
  });
  expect(readService).toEqual(service);
  expect(readService.locations[0].custom.address.formatted).toBe("Main Street 1, Berlin");
  expect(newService).toMatchObject({
    revision: "2",
    tagLine: "Free",
    bookingPolicy: { _id: policy._id },
  });
  expect(queried.items.map((found: Loose) => found._id)).toEqual([service._id]);
  expect(listed.timeSlots[0]).toMatchObject({
    localStartDate: "2025-03-03T03:00:00",
    bookable: true,
    remainingCapacity: 1,
  });
  expect(listed.timeZone).toBe("America/New_York");
  expect(got.timeSlot).toMatchObject({ localStartDate: "2025-03-03T10:00:00", bookable: true });
  expect(created.booking).toMatchObject({ status: "CONFIRMED", revision: "1" });
  expect(taken.details?.applicationError?.code).toBe("BOOKING_SLOT_TAKEN");
  expect(confirmed.booking).toMatchObject({ _id: id, status: "CONFIRMED" });
  expect(readAnonymously.booking).toMatchObject({ _id: id });
  expect(serviceAnonymously.service).toMatchObject({ _id: service._id });
  expect(moved.booking).toMatchObject({ revision: "2" });
  expect(movedByOwner.booking).toMatchObject({ revision: "3" });
  expect(cancelled.booking).toMatchObject({ status: "CANCELED" });
  expect(sentSince(start)).toEqual([
    "POST /bookings/v1/booking-policies",
    "GET /bookings/v1/booking-policies/{id}",
    "PATCH /bookings/v1/booking-policies/{id}",
    "POST /_api/bookings/v2/services",
    "POST /_api/bookings/v2/services",
    "GET /_api/bookings/v2/services/{id}",
    "PATCH /_api/bookings/v2/services/{id}",
    "DELETE /_api/bookings/v2/services/{id}",
    "POST /_api/bookings/v2/services/query",
    "POST /_api/service-availability/v2/time-slots",
    "POST /_api/service-availability/v2/time-slots/get",
    "POST /_api/bookings-service/v2/bookings",
    "POST /_api/bookings-service/v2/bookings",
    "POST /bookings/v2/confirmation/{id}:confirmOrDecline",
    "GET /v1/anonymous-bookings/{id}/token",
    "GET /v1/anonymous-bookings/{token}",
    "GET /v1/anonymous-bookings/{token}/service",
    "POST /v1/anonymous-bookings/{token}/reschedule",
    "POST /_api/bookings-service/v2/bookings/{id}/reschedule",
    "POST /v1/anonymous-bookings/{token}/cancel",
  ]);
}, 30_000);
