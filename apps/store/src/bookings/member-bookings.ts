/**
 * @module A member's bookings: those made while signed in as them or with their address. The
 * client area lists them with their manage links (`GET /members/api/bookings`, the member's own
 * only); the member's export carries them and their erasure removes them (identity's
 * `MemberBookings` port, built here for `main/`).
 */
import type {
  MemberBooking,
  MemberBookings as MemberBookingsWire,
} from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { IdentityContext, MemberBookings } from "../identity/index.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { ApiError } from "../platform/errors.ts";
import { type CallerDeps, callerOfCredentials } from "../platform/http/caller.ts";
import { type BookingStore, createBookingStore } from "./booking-store.ts";
import { manageLink } from "./manage-link.ts";

export const MEMBER_BOOKINGS_PATH = "/members/api/bookings";

const iso = (ms: number) => new Date(ms).toISOString();

export function memberBookingsPort(db: Db): MemberBookings {
  const store = createBookingStore(db);
  return {
    bookingsOf: (member) =>
      store.ofMember(member.id, member.email).map((booking) => ({
        title: booking.title,
        status: booking.status,
        start: iso(booking.start),
        end: iso(booking.end),
        timeZone: booking.contact.timeZone,
        name: `${booking.contact.firstName} ${booking.contact.lastName}`.trim(),
        email: booking.contact.email,
        phone: booking.contact.phone,
        note: booking.note,
        bookedAt: iso(booking.createdAt),
      })),
    eraseBookingsOf: (member) => store.eraseOfMember(member.id, member.email),
  };
}

export type MemberBookingsRouteOptions = {
  bookings: BookingStore;
  identity: IdentityContext;
  caller: CallerDeps;
  /** The manage link's token of a booking. */
  tokenOf: (bookingId: string) => string;
  /**
   * The site's public origin (PUBLIC_URL, else Site settings, else a developer's loopback one):
   * null when unknown.
   */
  origin: (request: FastifyRequest) => string | null;
};

/** The member's bookings as the client area lists them, with their manage links. */
export function memberBookingList(
  options: Pick<MemberBookingsRouteOptions, "bookings" | "tokenOf" | "origin">,
  member: { id: string; email: string },
  request: FastifyRequest,
): MemberBooking[] {
  const origin = options.origin(request);
  return options.bookings.ofMember(member.id, member.email).map(
    (booking): MemberBooking => ({
      id: booking.id,
      title: booking.title,
      status: booking.status,
      start: iso(booking.start),
      end: iso(booking.end),
      timeZone: booking.contact.timeZone,
      manageUrl: origin === null ? null : manageLink(origin, options.tokenOf(booking.id)),
    }),
  );
}

export function memberBookingsRoute(app: FastifyInstance, options: MemberBookingsRouteOptions) {
  app.get(MEMBER_BOOKINGS_PATH, async (request, reply): Promise<MemberBookingsWire> => {
    const caller = callerOfCredentials(request.headers.authorization, options.caller);
    const member = caller.role === "member" ? options.identity.store.byId(caller.id) : null;
    if (member === null || member.status === "BLOCKED") {
      throw new ApiError("IDENTITY_MEMBER_REQUIRED");
    }
    reply.header("cache-control", "private, no-store");
    return { bookings: memberBookingList(options, member, request) };
  });
}
