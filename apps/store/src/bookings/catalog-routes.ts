/**
 * @module The routes of what the owner sets up (docs/protocol.md §14.1, §14.5): services, booking
 * policies and the schedule, under both public spellings of their paths. Reads are public
 * (visitors never see hidden services); writes are the owner's (booking-access.ts).
 */
import type { FastifyInstance } from "fastify";
import { ApiError } from "../platform/errors.ts";
import type { BookingAccess } from "./booking-access.ts";
import type { CatalogService } from "./catalog-service.ts";
import { objectAt } from "./wire-input.ts";
import { policyToWire, serviceToWire } from "./wire-shapes.ts";

const SERVICES = ["/bookings/v2/services", "/_api/bookings/v2/services"];
const POLICIES = ["/bookings/v1/booking-policies", "/_api/bookings/v1/booking-policies"];
export const SCHEDULE_PATH = "/_api/bookings-consultant/v1/schedule";

type IdParams = { Params: { id: string } };

export function catalogRoutes(
  app: FastifyInstance,
  { catalog, access }: { catalog: CatalogService; access: BookingAccess },
) {
  for (const base of SERVICES) {
    app.post(base, async (request) => {
      access.requireOwner(request);
      return { service: serviceToWire(catalog.createService(objectAt(request.body, "service"))) };
    });
    app.post(`${base}/query`, async (request, reply) => {
      const owner = access.visitorCall(request, reply);
      return catalog.queryServices(objectAt(request.body), !owner);
    });
    app.get<IdParams>(`${base}/:id`, async (request, reply) => {
      const owner = access.visitorCall(request, reply);
      const service = catalog.service(request.params.id);
      if (service.hidden && !owner) throw new ApiError("BOOKING_SERVICE_NOT_FOUND", [service.id]);
      return { service: serviceToWire(service) };
    });
    app.patch<IdParams>(`${base}/:id`, async (request) => {
      access.requireOwner(request);
      const body = objectAt(request.body, "service");
      return { service: serviceToWire(catalog.updateService(request.params.id, body)) };
    });
    app.delete<IdParams>(`${base}/:id`, async (request) => {
      access.requireOwner(request);
      catalog.deleteService(request.params.id);
      return {};
    });
  }

  for (const base of POLICIES) {
    app.post(base, async (request) => {
      access.requireOwner(request);
      const body = objectAt(request.body, "bookingPolicy");
      return { bookingPolicy: policyToWire(catalog.createPolicy(body)) };
    });
    app.get<IdParams>(`${base}/:id`, async (request, reply) => {
      access.visitorCall(request, reply);
      return { bookingPolicy: policyToWire(catalog.policy(request.params.id)) };
    });
    app.patch<IdParams>(`${base}/:id`, async (request) => {
      access.requireOwner(request);
      const body = objectAt(request.body, "bookingPolicy");
      return { bookingPolicy: policyToWire(catalog.updatePolicy(request.params.id, body)) };
    });
  }

  app.get(SCHEDULE_PATH, async (request) => {
    access.requireOwner(request);
    const schedule = catalog.schedule();
    if (schedule === null) throw new ApiError("BOOKING_NOT_SET_UP");
    return { schedule: scheduleToWire(schedule), savedDate: savedDate(catalog) };
  });
  app.put(SCHEDULE_PATH, async (request) => {
    access.requireOwner(request);
    const schedule = scheduleToWire(catalog.putSchedule(objectAt(request.body, "schedule")));
    return { schedule, savedDate: savedDate(catalog) };
  });
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** When the owner last saved the schedule (ISO), null while it is the sample's. */
function savedDate(catalog: CatalogService): string | null {
  const at = catalog.scheduleSavedAt();
  return at === null ? null : new Date(at).toISOString();
}

function scheduleToWire(schedule: ReturnType<CatalogService["putSchedule"]>) {
  return {
    timeZone: schedule.timeZone,
    weekly: schedule.weekly.map(({ day, hours }) => ({
      day,
      start: clock(hours.start),
      end: clock(hours.end),
    })),
    overrides: schedule.overrides.map(({ date, hours }) => ({
      date,
      hours: hours.map((entry) => ({ start: clock(entry.start), end: clock(entry.end) })),
    })),
  };
}
