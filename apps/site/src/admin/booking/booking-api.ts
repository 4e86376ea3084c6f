/**
 * The Booking area's calls: the store's booking routes as the signed-in owner (docs/protocol.md
 * §14), in the platform's wire shapes, read into the few fields the editor shows.
 */
import { isHttpError } from "@consultant/content-client";
import type { EditorApi } from "../api/editor-api.ts";

type Json = Record<string, unknown>;
const NS = "@consultant/booking";
const SCHEDULE = "/_api/bookings-consultant/v1/schedule";
const AGENDA = "/_api/bookings-consultant/v1/bookings";
const FEED = "/_api/bookings-consultant/v1/calendar-feed";
const SERVICES = "/bookings/v2/services";
const POLICIES = "/bookings/v1/booking-policies";
const BOOKINGS = "/_api/bookings-service/v2/bookings";

export type LocationKind = "VIDEO" | "PHONE" | "IN_PERSON";

export type ServiceForm = {
  id: string;
  revision: string;
  name: string;
  description: string;
  priceText: string;
  locationKind: LocationKind;
  locationText: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  slotIntervalMinutes: number;
  maxPerDay: number | null;
  requireManualApproval: boolean;
  hidden: boolean;
  policyId: string;
};

export type PolicyForm = {
  id: string;
  revision: string;
  /** Hours; 0: up to the start. */
  minimumNoticeHours: number;
  /** Days; null: no limit. */
  bookingWindowDays: number | null;
  cancelCutoffHours: number;
  rescheduleCutoffHours: number;
  maxReschedules: number | null;
};

export type Hours = { start: string; end: string };
export type Schedule = {
  timeZone: string;
  weekly: ({ day: string } & Hours)[];
  overrides: { date: string; hours: Hours[] }[];
};

export type AgendaBooking = {
  id: string;
  revision: string;
  status: "PENDING" | "CONFIRMED" | "DECLINED" | "CANCELED";
  title: string;
  start: string;
  end: string;
  name: string;
  email: string;
  phone: string;
  note: string;
  ownerMessage: string;
};

export type CalendarFeed = {
  url: string;
  lastReadDate: string | null;
  lastGoodReadDate: string | null;
  lastError: string | null;
  eventCount: number;
};

const at = (value: unknown, ...path: string[]): Json => {
  let current: unknown = value;
  for (const key of path) current = (current as Json | undefined)?.[key];
  return current !== null && typeof current === "object" ? (current as Json) : {};
};

function serviceOf(wire: Json): ServiceForm {
  const extended = at(wire, "extendedFields", "namespaces", NS);
  const constraints = at(wire, "schedule", "availabilityConstraints");
  return {
    id: String(wire.id),
    revision: String(wire.revision),
    name: String(wire.name ?? ""),
    description: String(wire.description ?? ""),
    priceText: String(at(wire, "payment", "custom").description ?? ""),
    locationKind: (extended.locationKind as LocationKind) ?? "VIDEO",
    locationText: String(at(wire, "locations", "0", "custom", "address").formattedAddress ?? ""),
    durationMinutes: Number((constraints.sessionDurations as number[] | undefined)?.[0] ?? 30),
    bufferBeforeMinutes: Number(extended.bufferBeforeMinutes ?? 0),
    bufferAfterMinutes: Number(constraints.timeBetweenSessions ?? 0),
    slotIntervalMinutes: Number(extended.slotIntervalMinutes ?? 30),
    maxPerDay: (extended.maxPerDay as number | null) ?? null,
    requireManualApproval: at(wire, "onlineBooking").requireManualApproval === true,
    hidden: wire.hidden === true,
    policyId: String(at(wire, "bookingPolicy").id ?? ""),
  };
}

function serviceToWire(form: Omit<ServiceForm, "id" | "revision">, revision?: string) {
  return {
    ...(revision === undefined ? {} : { revision }),
    name: form.name,
    description: form.description,
    hidden: form.hidden,
    onlineBooking: { enabled: true, requireManualApproval: form.requireManualApproval },
    payment: { rateType: "CUSTOM", custom: { description: form.priceText } },
    locations: [{ type: "CUSTOM", custom: { address: { formattedAddress: form.locationText } } }],
    ...(form.policyId ? { bookingPolicy: { id: form.policyId } } : {}),
    schedule: {
      availabilityConstraints: {
        sessionDurations: [form.durationMinutes],
        timeBetweenSessions: form.bufferAfterMinutes,
      },
    },
    extendedFields: {
      namespaces: {
        [NS]: {
          locationKind: form.locationKind,
          bufferBeforeMinutes: form.bufferBeforeMinutes,
          slotIntervalMinutes: form.slotIntervalMinutes,
          maxPerDay: form.maxPerDay,
        },
      },
    },
  };
}

function policyOf(wire: Json): PolicyForm {
  const early = at(wire, "limitEarlyBookingPolicy");
  const late = at(wire, "limitLateBookingPolicy");
  const cancel = at(wire, "cancellationPolicy");
  const move = at(wire, "reschedulePolicy");
  return {
    id: String(wire.id),
    revision: String(wire.revision),
    minimumNoticeHours: late.enabled ? Number(late.latestBookingInMinutes) / 60 : 0,
    bookingWindowDays: early.enabled ? Number(early.earliestBookingInMinutes) / 1440 : null,
    cancelCutoffHours: Number(cancel.latestCancellationInMinutes ?? 0) / 60,
    rescheduleCutoffHours: Number(move.latestRescheduleInMinutes ?? 0) / 60,
    maxReschedules: (at(wire, "extendedFields", "namespaces", NS).maxReschedules as number) ?? null,
  };
}

function policyToWire(form: PolicyForm) {
  return {
    revision: form.revision,
    limitEarlyBookingPolicy: {
      enabled: form.bookingWindowDays !== null,
      earliestBookingInMinutes: Math.round((form.bookingWindowDays ?? 0) * 1440),
    },
    limitLateBookingPolicy: {
      enabled: form.minimumNoticeHours > 0,
      latestBookingInMinutes: Math.round(form.minimumNoticeHours * 60),
    },
    cancellationPolicy: {
      enabled: true,
      limitLatestCancellation: true,
      latestCancellationInMinutes: Math.round(form.cancelCutoffHours * 60),
    },
    reschedulePolicy: {
      enabled: true,
      limitLatestReschedule: true,
      latestRescheduleInMinutes: Math.round(form.rescheduleCutoffHours * 60),
    },
    extendedFields: { namespaces: { [NS]: { maxReschedules: form.maxReschedules } } },
  };
}

function bookingOf(wire: Json): AgendaBooking {
  const contact = at(wire, "contactDetails");
  const extended = at(wire, "extendedFields", "namespaces", NS);
  return {
    id: String(wire.id),
    revision: String(wire.revision),
    status: wire.status as AgendaBooking["status"],
    title: String(at(wire, "bookedEntity").title ?? ""),
    start: String(wire.startDate),
    end: String(wire.endDate),
    name: [contact.firstName, contact.lastName].filter(Boolean).join(" "),
    email: String(contact.email ?? ""),
    phone: String(contact.phone ?? ""),
    note: String(extended.note ?? ""),
    ownerMessage: String(at(extended, "ownerMessage").text ?? ""),
  };
}

/** The store's refusal, field by field (the last part of each field's path names it). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const violations = isHttpError(error) ? error.details?.validationError?.fieldViolations : [];
  const errors: Record<string, string> = {};
  for (const violation of violations ?? []) {
    errors[violation.field] = violation.description;
  }
  return errors;
}

export type BookingAction = "confirm" | "decline" | "cancel";

export function createBookingApi(api: Pick<EditorApi, "call">) {
  const call = <T>(
    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
    path: string,
    body?: unknown,
  ) => api.call<T>({ method, path, ...(body === undefined ? {} : { body }) });
  return {
    async services(): Promise<ServiceForm[]> {
      const answer = await call<{ services: Json[] }>("POST", `${SERVICES}/query`, {
        query: { paging: { limit: 100 } },
      });
      return answer.services.map(serviceOf);
    },
    async createService(form: Omit<ServiceForm, "id" | "revision">): Promise<ServiceForm> {
      const answer = await call<{ service: Json }>("POST", SERVICES, {
        service: serviceToWire(form),
      });
      return serviceOf(answer.service);
    },
    async updateService(form: ServiceForm): Promise<ServiceForm> {
      const answer = await call<{ service: Json }>("PATCH", `${SERVICES}/${form.id}`, {
        service: serviceToWire(form, form.revision),
      });
      return serviceOf(answer.service);
    },
    deleteService: (id: string) => call<unknown>("DELETE", `${SERVICES}/${id}`),
    async policy(id: string): Promise<PolicyForm> {
      return policyOf(
        (await call<{ bookingPolicy: Json }>("GET", `${POLICIES}/${id}`)).bookingPolicy,
      );
    },
    async updatePolicy(form: PolicyForm): Promise<PolicyForm> {
      const answer = await call<{ bookingPolicy: Json }>("PATCH", `${POLICIES}/${form.id}`, {
        bookingPolicy: policyToWire(form),
      });
      return policyOf(answer.bookingPolicy);
    },
    async schedule(): Promise<Schedule | null> {
      try {
        return (await call<{ schedule: Schedule }>("GET", SCHEDULE)).schedule;
      } catch (error) {
        if (isHttpError(error) && error.code === "BOOKING_NOT_SET_UP") return null;
        throw error;
      }
    },
    /** Whether the owner has saved the hours (the sample's count as not yet). */
    async hoursSaved(): Promise<boolean> {
      try {
        return (await call<{ savedDate: string | null }>("GET", SCHEDULE)).savedDate !== null;
      } catch (error) {
        if (isHttpError(error) && error.code === "BOOKING_NOT_SET_UP") return false;
        throw error;
      }
    },
    async saveSchedule(schedule: Schedule): Promise<Schedule> {
      return (await call<{ schedule: Schedule }>("PUT", SCHEDULE, { schedule })).schedule;
    },
    async agenda(from: Date, to: Date): Promise<AgendaBooking[]> {
      const query = `from=${from.toISOString()}&to=${to.toISOString()}`;
      const answer = await call<{ bookings: Json[] }>("GET", `${AGENDA}?${query}`);
      return answer.bookings.map(bookingOf);
    },
    async act(booking: AgendaBooking, action: BookingAction, message: string) {
      const body = {
        revision: booking.revision,
        participantNotification: { notifyParticipants: true, message },
        ...(action === "cancel" ? { flowControlSettings: { ignoreCancellationPolicy: true } } : {}),
      };
      const answer = await call<{ booking: Json }>(
        "POST",
        `${BOOKINGS}/${booking.id}/${action}`,
        body,
      );
      return bookingOf(answer.booking);
    },
    feed: async () => (await call<{ calendarFeed: CalendarFeed }>("GET", FEED)).calendarFeed,
    saveFeed: async (url: string) =>
      (await call<{ calendarFeed: CalendarFeed }>("PUT", FEED, { calendarFeed: { url } }))
        .calendarFeed,
    readFeed: async () =>
      (await call<{ calendarFeed: CalendarFeed }>("POST", `${FEED}/read`, {})).calendarFeed,
  };
}

export type BookingApi = ReturnType<typeof createBookingApi>;
