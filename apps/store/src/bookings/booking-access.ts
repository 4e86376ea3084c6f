/**
 * @module Who may make a booking call, and how often. Owner calls (setting up services, policies
 * and the schedule; confirming, declining, cancelling and moving any booking; handing out an
 * action token) need the API key or the owner's signed-in session, as the data items' admin
 * calls do (platform/http/caller.ts); collaborators, who edit content only, may not. Visitor
 * calls are public and counted per client address before any work, creations also all together.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../platform/db/sql-db.ts";
import { ApiError } from "../platform/errors.ts";
import { type CallerDeps, resolveCaller } from "../platform/http/caller.ts";
import { createAttemptCounter } from "../platform/limits/attempt-counter.ts";
import { clientKey } from "../platform/limits/client-key.ts";
import type { BookingsConfig } from "./bookings-config.ts";

export type BookingAccess = ReturnType<typeof createBookingAccess>;

export function createBookingAccess(deps: {
  db: Db;
  caller: CallerDeps;
  config: BookingsConfig;
  now: () => number;
}) {
  const { db, caller, config, now } = deps;
  const counter = (scope: string, max: number) =>
    createAttemptCounter(db, { scope, max, windowMs: config.windowMs, now });
  const calls = counter("booking-calls", config.maxCallsPerAddress);
  const creates = counter("booking-creates", config.maxCreatesPerAddress);
  const allCreates = counter("booking-creates-all", config.maxCreatesGlobal);

  function isOwner(request: FastifyRequest): boolean {
    try {
      const found = resolveCaller(request, caller);
      return found.role === "admin" && found.editor !== true;
    } catch {
      return false;
    }
  }

  function refuse(reply: FastifyReply, wait: number): never {
    reply.header("retry-after", String(wait));
    throw new ApiError("BOOKING_THROTTLED", [wait], { data: { retryAfterSeconds: wait } });
  }

  return {
    isOwner,
    /** The signed-in member who calls, or null (a visitor, the owner, a bad token). */
    memberOf(request: FastifyRequest): string | null {
      try {
        const found = resolveCaller(request, caller);
        return found.role === "member" ? found.id : null;
      } catch {
        return null;
      }
    },
    /** @throws ApiError BOOKING_OWNER_REQUIRED unless the owner calls. */
    requireOwner(request: FastifyRequest): void {
      if (!isOwner(request)) throw new ApiError("BOOKING_OWNER_REQUIRED");
    },
    /** Counts a visitor's call; the owner is not counted. @returns whether the owner calls. */
    visitorCall(request: FastifyRequest, reply: FastifyReply): boolean {
      if (isOwner(request)) return true;
      const wait = calls.take(clientKey(request.ip));
      if (wait > 0) refuse(reply, wait);
      return false;
    },
    /** Counts a visitor's booking, per address and all together. */
    visitorCreate(request: FastifyRequest, reply: FastifyReply): void {
      const wait = Math.max(creates.take(clientKey(request.ip)), allCreates.take("all"));
      if (wait > 0) refuse(reply, wait);
    },
  };
}
