/**
 * @module Booking (apps/store/src/bookings, docs/protocol.md §14): the owner's calls (services,
 * booking policies and the schedule changed; the agenda; a booking confirmed, declined, cancelled
 * or moved; its action token handed out) take the API key or the owner's session, never a
 * collaborator's or a member's; the visitor's calls (services, policies and time slots read, a
 * booking made) are public and counted per address; the manage link's calls answer whoever holds
 * the booking's action token. The store seeds, per row (`seedBookings`), a policy, a service and
 * a pending booking of their own, on a schedule open all day in UTC, so no row's slot is another's.
 */
import {
  DAY_MS,
  SCHEDULE,
  seededBookingId,
  seededPolicyId,
  seededServiceId,
  slotOf,
} from "./booking-seed.ts";
import { enc, type RouteAccess, type RouteRow, type Target } from "./route-row.ts";

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
export const COUNTED = ["rate_limits"];
/**
 * A booking made, cancelled or moved: its row, its claims of time and of its day's seat, and the
 * mails to the client and the owner (in the development outbox when no SMTP server is set).
 */
export const BOOKING_WRITES = [
  "bookings",
  "booking_time_claims",
  "booking_day_claims",
  "rate_limits",
  "mail_outbox",
];

const localOf = (iso: string) => iso.slice(0, 19);
export const tokenOf = (target: Target) => target.booking?.token ?? "no-token";

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
const REMINDERS_PATH = "/_api/bookings-consultant/v1/reminders";
const FEED_PATH = "/_api/bookings-consultant/v1/calendar-feed";

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
  {
    name: "bookings: calendar feed",
    method: "GET",
    pattern: FEED_PATH,
    access: OWNER_READ,
    example: () => ({ url: FEED_PATH }),
  },
  {
    // An empty address removes the feed: the row reads nothing off the machine.
    name: "bookings: set calendar feed",
    method: "PUT",
    pattern: FEED_PATH,
    access: OWNER_WRITE,
    mayWrite: ["booking_calendar_feed"],
    example: () => ({ url: FEED_PATH, body: { calendarFeed: { url: "" } } }),
  },
  {
    name: "bookings: read calendar feed now",
    method: "POST",
    pattern: `${FEED_PATH}/read`,
    access: OWNER_WRITE,
    mayWrite: ["booking_calendar_feed"],
    example: () => ({ url: `${FEED_PATH}/read`, body: {} }),
  },
  {
    name: "bookings: reminder offsets",
    method: "GET",
    pattern: REMINDERS_PATH,
    access: OWNER_READ,
    example: () => ({ url: REMINDERS_PATH }),
  },
  {
    name: "bookings: save reminder offsets",
    method: "PUT",
    pattern: REMINDERS_PATH,
    access: OWNER_WRITE,
    example: () => ({ url: REMINDERS_PATH, body: { reminders: { offsetsMinutes: [1440, 60] } } }),
  },
  {
    name: "bookings: a member's own bookings (client area)",
    method: "GET",
    pattern: "/members/api/bookings",
    access: { kind: "callers", names: ["member"], own: ["other member"] },
    mayWrite: [],
    example: () => ({ url: "/members/api/bookings" }),
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
