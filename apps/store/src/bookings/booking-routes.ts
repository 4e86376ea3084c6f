/**
 * @module The routes of time slots and bookings (docs/protocol.md §14.1): listing and getting
 * slots, creating a booking (public, counted), the owner's confirm, decline, cancel and move, the
 * action token, and the visitor's anonymous get, cancel and move with that token.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, validationError, violation } from "../platform/errors.ts";
import type { BookingAccess } from "./booking-access.ts";
import type { BookingRules } from "./booking-rules.ts";
import type { CatalogService } from "./catalog-service.ts";
import type { SlotFinder } from "./slot-finder.ts";
import { objectAt } from "./wire-input.ts";
import { bookingToWire, serviceToWire } from "./wire-shapes.ts";

const SLOTS = "/_api/service-availability/v2/time-slots";
const BOOKINGS = ["/_api/bookings-service/v2/bookings", "/bookings/v2/bookings"];
const CONFIRMATION = [
  "/bookings/v2/confirmation",
  "/_api/bookings-service/v2/bookings/confirmation",
];
const ANONYMOUS = ["/v1/anonymous-bookings", "/_api/bookings-service/v1/anonymous-bookings"];
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
/** The owner's agenda (docs/protocol.md §14.5): the store's own call, no SDK has it. */
export const AGENDA_PATH = "/_api/bookings-consultant/v1/bookings";
const MAX_AGENDA_MS = 400 * 86_400_000;

type IdParams = { Params: { id: string } };
type AgendaQuery = { Querystring: { from?: string; to?: string } };

function agendaRange(query: AgendaQuery["Querystring"]): { from: number; to: number } {
  const from = Date.parse(query.from ?? "");
  const to = Date.parse(query.to ?? "");
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from || to - from > MAX_AGENDA_MS) {
    throw validationError([violation("from", "from and to: ISO dates, at most 400 days apart")]);
  }
  return { from, to };
}

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const key = request.headers["idempotency-key"];
  if (key === undefined) return null;
  if (typeof key !== "string" || !IDEMPOTENCY_KEY.test(key)) {
    throw validationError([violation("Idempotency-Key", "must be 1 to 200 visible characters")]);
  }
  return key;
}

export type BookingRoutesOptions = {
  rules: BookingRules;
  slots: SlotFinder;
  catalog: CatalogService;
  access: BookingAccess;
  /** Told when a visitor opens the booking page (lists slots) or books (the analytics' port). */
  onConversion?: BookingConversionPort;
};

export type BookingConversionPort = (
  request: FastifyRequest,
  kind: "bookingPageOpened" | "bookingMade",
) => void;

export function bookingRoutes(app: FastifyInstance, options: BookingRoutesOptions) {
  const { rules, slots, catalog, access, onConversion = () => {} } = options;
  const answer = (booking: Parameters<typeof bookingToWire>[0]) => ({
    booking: bookingToWire(booking),
  });

  app.post(SLOTS, async (request, reply) => {
    const owner = access.visitorCall(request, reply);
    const listed = slots.list(objectAt(request.body), !owner);
    if (!owner) onConversion(request, "bookingPageOpened");
    return listed;
  });
  app.post(`${SLOTS}/get`, async (request, reply) => {
    const owner = access.visitorCall(request, reply);
    return slots.get(objectAt(request.body), !owner);
  });

  app.get<AgendaQuery>(AGENDA_PATH, async (request) => {
    access.requireOwner(request);
    const { from, to } = agendaRange(request.query);
    return { bookings: rules.between(from, to).map(bookingToWire) };
  });

  for (const base of BOOKINGS) {
    app.post(base, async (request, reply) => {
      const owner = access.visitorCall(request, reply);
      const key = idempotencyKeyOf(request);
      if (!owner) access.visitorCreate(request, reply);
      const memberId = owner ? null : access.memberOf(request);
      const created = rules.create(objectAt(request.body), { owner, memberId }, key);
      if (!owner && created.replayed !== true) onConversion(request, "bookingMade");
      return answer(created.booking);
    });
    app.post<IdParams>(`${base}/:id/confirm`, async (request) => {
      access.requireOwner(request);
      return answer(rules.confirm(request.params.id, objectAt(request.body)));
    });
    app.post<IdParams>(`${base}/:id/decline`, async (request) => {
      access.requireOwner(request);
      return answer(rules.decline(request.params.id, objectAt(request.body)));
    });
    app.post<IdParams>(`${base}/:id/cancel`, async (request) => {
      access.requireOwner(request);
      return answer(rules.cancel(request.params.id, objectAt(request.body), { owner: true }));
    });
    app.post<IdParams>(`${base}/:id/reschedule`, async (request) => {
      access.requireOwner(request);
      return answer(rules.reschedule(request.params.id, objectAt(request.body), { owner: true }));
    });
  }

  for (const base of CONFIRMATION) {
    // `{bookingId}:confirmOrDecline`: a free booking is never double-booked here, so it is
    // confirmed when pending and answered as it is when confirmed.
    app.post<IdParams>(`${base}/:id`, async (request) => {
      access.requireOwner(request);
      const [id, verb] = request.params.id.split(":");
      if (verb !== "confirmOrDecline" || id === undefined) {
        throw new ApiError("ROUTE_NOT_FOUND", ["POST", request.url]);
      }
      return answer(rules.confirm(id, objectAt(request.body)));
    });
  }

  for (const base of ANONYMOUS) {
    app.get<IdParams>(`${base}/:id/token`, async (request) => {
      access.requireOwner(request);
      return { token: rules.actionToken(request.params.id) };
    });
    app.get<IdParams>(`${base}/:id`, async (request, reply) => {
      access.visitorCall(request, reply);
      return answer(rules.get(rules.idOfToken(request.params.id)));
    });
    app.get<IdParams>(`${base}/:id/service`, async (request, reply) => {
      access.visitorCall(request, reply);
      const booking = rules.get(rules.idOfToken(request.params.id));
      return { service: serviceToWire(catalog.service(booking.serviceId)) };
    });
    app.post<IdParams>(`${base}/:id/cancel`, async (request, reply) => {
      access.visitorCall(request, reply);
      const id = rules.idOfToken(request.params.id);
      return answer(rules.cancel(id, objectAt(request.body), { owner: false }));
    });
    app.post<IdParams>(`${base}/:id/reschedule`, async (request, reply) => {
      access.visitorCall(request, reply);
      const id = rules.idOfToken(request.params.id);
      return answer(rules.reschedule(id, objectAt(request.body), { owner: false }));
    });
  }
}
