/**
 * @module Booking set up as the owner would over the wire (docs/protocol.md §14): a schedule, a
 * policy and a service through an `inject`-like call, and the bodies a visitor sends. Shared by
 * the booking wing's tests, the two-node race and the conformance suite (through testing.ts).
 */

import type { FastifyInstance } from "fastify";

type Json = Record<string, unknown>;

/** One call to a store: method, path, body and headers in; status and parsed body out. */
export type BookingCall = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; json: Json }>;

export const EVERY_DAY = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"];

export type BookingSetup = {
  timeZone?: string;
  /** Hours every day, `hh:mm`. */
  hours?: { start: string; end: string };
  policy?: Json;
  service?: Json;
};

/** Saves a schedule, a policy and a service with the owner's `headers`; their ids. */
export async function setUpBooking(
  call: BookingCall,
  owner: Record<string, string>,
  setup: BookingSetup = {},
): Promise<{ serviceId: string; policyId: string }> {
  const hours = setup.hours ?? { start: "09:00", end: "17:00" };
  const schedule = {
    timeZone: setup.timeZone ?? "Europe/Berlin",
    weekly: EVERY_DAY.map((day) => ({ day, ...hours })),
    overrides: [],
  };
  const saved = await call("PUT", "/_api/bookings-consultant/v1/schedule", { schedule }, owner);
  if (saved.status !== 200) throw new Error(`schedule: ${JSON.stringify(saved.json)}`);
  const policy = await call(
    "POST",
    "/bookings/v1/booking-policies",
    { bookingPolicy: { name: "Test policy", ...setup.policy } },
    owner,
  );
  const policyId = String((policy.json.bookingPolicy as Json).id);
  const service = await call(
    "POST",
    "/bookings/v2/services",
    {
      service: {
        name: "Introductory call",
        bookingPolicy: { id: policyId },
        schedule: { availabilityConstraints: { sessionDurations: [30] } },
        ...setup.service,
      },
    },
    owner,
  );
  if (service.status !== 200) throw new Error(`service: ${JSON.stringify(service.json)}`);
  return { serviceId: String((service.json.service as Json).id), policyId };
}

/** The body of `createBooking` for [start, end) (ISO), booked by `email`. */
export function bookingRequest(serviceId: string, start: string, end: string, email: string) {
  return {
    booking: {
      bookedEntity: { slot: { serviceId, startDate: start, endDate: end, timezone: "UTC" } },
      contactDetails: { firstName: "Visitor", lastName: "Test", email, timeZone: "UTC" },
      totalParticipants: 1,
    },
  };
}

/** An `inject`-backed {@link BookingCall} from `remoteAddress`. */
export function injectCall(
  app: {
    inject(options: object): PromiseLike<{ statusCode: number; body: string }>;
  },
  remoteAddress = "127.0.0.1",
): BookingCall {
  return async (method, url, payload, headers = {}) => {
    const response = await app.inject({
      method,
      url,
      headers,
      remoteAddress,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return {
      status: response.statusCode,
      json: response.body === "" ? {} : (JSON.parse(response.body) as Json),
    };
  };
}

/**
 * The booking pages as a test reads them: `page` asks as the page's script does (the view as
 * JSON); `post` sends a form as a browser without JavaScript does (status, where it leads, the
 * view it shows).
 */
export function bookingPages<View>(app: FastifyInstance) {
  return {
    async page(url: string, headers: Record<string, string> = {}) {
      const response = await app.inject({
        method: "GET",
        url,
        headers: { accept: "application/json", ...headers },
      });
      return { status: response.statusCode, view: (response.json() as { view: View }).view };
    },
    async post(url: string, fields: Record<string, string>) {
      const response = await app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: new URLSearchParams(fields).toString(),
      });
      const body = response.body === "" ? {} : (response.json() as { view?: View });
      return { status: response.statusCode, location: response.headers.location, view: body.view };
    },
  };
}
