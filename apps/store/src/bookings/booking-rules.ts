/**
 * @module A booking's life (docs/protocol.md §14.4): created on a slot the service offers (with
 * an idempotency key, once), confirmed or declined by the owner when the service asks approval,
 * cancelled or moved within the policy's cutoffs, by the owner or through the visitor's action
 * token. No double booking by construction: the booking row and its claims (booking-store.ts)
 * are inserted in one transaction, and a claim another booking holds rolls it all back.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { normaliseEmail } from "../identity/index.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { isUniqueViolation } from "../platform/db/sql-db.ts";
import { ApiError, validationError, violation } from "../platform/errors.ts";
import { bookingIdOfToken, signActionToken, verifyActionToken } from "./action-token.ts";
import { takenBy } from "./availability.ts";
import type { BookingStore } from "./booking-store.ts";
import { ACTIVE_STATUSES, type Booking, type BookingStatus } from "./booking-types.ts";
import type { CatalogService } from "./catalog-service.ts";
import { rulesOf, type SlotFinder } from "./slot-finder.ts";
import { FieldReader, instant, objectAt, plainLines } from "./wire-input.ts";
import { NAMESPACE } from "./wire-shapes.ts";
import { isTimeZone, wallTimeOf } from "./zoned-time.ts";

type Json = Record<string, unknown>;
type ClaimChange = "keep" | "release" | "move";
const MINUTE = 60_000;
/** Seats of a day of a service without a limit: more than one person can attend to. */
const UNLIMITED_SEATS = 500;

/**
 * Who asks: the owner may skip the policy and the hours (the platform's flowControlSettings); a
 * signed-in member's bookings are kept as theirs (the client area lists them).
 */
export type Actor = { owner: boolean; memberId?: string | null };

/** Told after each change is stored (booking-notices.ts mails the client and the owner). */
export type BookingEvents = {
  booked(booking: Booking): void;
  confirmed(booking: Booking, message: string): void;
  declined(booking: Booking, message: string): void;
  moved(booking: Booking, previous: Booking, byOwner: boolean, message: string): void;
  cancelled(booking: Booking, byOwner: boolean, message: string): void;
};

const SILENT: BookingEvents = {
  booked() {},
  confirmed() {},
  declined() {},
  moved() {},
  cancelled() {},
};

/** `replayed`: the answer to an idempotency key used before (nothing new was booked). */
export type Created = { booking: Booking; actionToken: string; replayed?: true };

/** Why the visitor may not make a change now: past the cutoff (its hours), or moved enough. */
export type ChangeRefusal = { reason: "cutoff" | "limit"; hours: number };
export type VisitorChanges = { cancel: ChangeRefusal | null; move: ChangeRefusal | null };

function readContact(booking: Json, ownerZone: string) {
  const contact = objectAt(booking, "contactDetails");
  const read = new FieldReader();
  const field = (name: string) => `booking.contactDetails.${name}`;
  const firstName = read.text(field("firstName"), contact.firstName, "", 200, true);
  const lastName = read.text(field("lastName"), contact.lastName, "", 200);
  const email = normaliseEmail(typeof contact.email === "string" ? contact.email : "");
  if (email === null) read.violations.push(violation(field("email"), "must be an e-mail address"));
  const phone = read.text(field("phone"), contact.phone, "", 50);
  const zone = contact.timeZone ?? objectAt(booking, "bookedEntity", "slot").timezone;
  const timeZone = isTimeZone(zone) ? zone : ownerZone;
  const extended = objectAt(booking, "extendedFields", "namespaces", NAMESPACE);
  const note = read.lines(
    `booking.extendedFields.namespaces.${NAMESPACE}.note`,
    extended.note,
    2000,
  );
  read.done();
  return { contact: { firstName, lastName, email: email as string, phone, timeZone }, note };
}

/** The owner's words to the client (`participantNotification.message`): plain text, its lines kept. */
function ownerMessage(body: Json): string {
  const value = objectAt(body, "participantNotification").message ?? "";
  const field = "participantNotification.message";
  if (typeof value !== "string") throw validationError([violation(field, "must be a string")]);
  const message = plainLines(value);
  if (message.length > 2000) {
    throw validationError([violation(field, "must be at most 2000 characters", "MAX")]);
  }
  return message;
}

function revisionMatches(body: Json, booking: Booking): void {
  if (body.revision === undefined || body.revision === null) return;
  if (String(body.revision) !== String(booking.revision)) {
    throw new ApiError("BOOKING_REVISION_MISMATCH", [
      "Booking",
      booking.id,
      booking.revision,
      String(body.revision),
    ]);
  }
}

export type BookingRules = ReturnType<typeof createBookingRules>;

export function createBookingRules(deps: {
  db: Db;
  catalog: CatalogService;
  bookings: BookingStore;
  slots: SlotFinder;
  signingKey: Uint8Array;
  now: () => number;
  events?: BookingEvents;
}) {
  const { db, catalog, bookings, slots, signingKey, now } = deps;
  const events = deps.events ?? SILENT;

  /** Claims the booking's time and day seat, or throws (rolling back the transaction). */
  function claim(booking: Booking, service: ReturnType<CatalogService["service"]>): void {
    const policy = catalog.policy(service.policyId);
    const time = takenBy(rulesOf(service, policy), booking.start, booking.end);
    if (!bookings.claimTime(booking.id, time)) throw new ApiError("BOOKING_SLOT_TAKEN");
    // Every booking takes a seat of its day, limited or not, so a limit set later counts the
    // bookings made before it; one lowered below a day's count is held by the count.
    const max = service.maxPerDay;
    const day = booking.ownerDay;
    const full = max !== null && (bookings.perDay(service.id, day, day).get(day) ?? 0) >= max;
    if (full || !bookings.claimSeat(booking.id, service.id, day, max ?? UNLIMITED_SEATS)) {
      throw new ApiError("BOOKING_DAY_FULL");
    }
  }

  const insert = db.transaction((record: Parameters<BookingStore["insert"]>[0]) => {
    bookings.insert(record);
    claim(record.booking, catalog.service(record.booking.serviceId));
  });

  /** Writes `next` over the booking at `revision`, keeping, releasing or moving its claims. */
  const change = db.transaction((next: Booking, revision: number, claims: ClaimChange) => {
    if (claims !== "keep") bookings.release(next.id);
    if (claims === "move") claim(next, catalog.service(next.serviceId));
    if (!bookings.update(next, revision)) {
      throw new ApiError("BOOKING_REVISION_MISMATCH", ["Booking", next.id, "newer", revision]);
    }
  });

  /** The policy a booking is held to; its service's, or the default once the service is gone. */
  function policyOfBooking(booking: Booking) {
    const service = catalog.findService(booking.serviceId);
    return service === null ? catalog.defaultPolicy() : catalog.policy(service.policyId);
  }

  /** What the policy lets the visitor change now, and why not (the cutoff's hours, the limit). */
  function visitorChanges(booking: Booking): VisitorChanges {
    const policy = policyOfBooking(booking);
    const hours = (minutes: number | null) => Math.ceil((minutes ?? 0) / 60);
    const cancelCutoff = booking.start - (policy.cancelCutoffMinutes ?? 0) * MINUTE;
    const moveCutoff = booking.start - (policy.rescheduleCutoffMinutes ?? 0) * MINUTE;
    const movedEnough =
      policy.maxReschedules !== null && booking.reschedules >= policy.maxReschedules;
    return {
      cancel:
        !policy.cancelEnabled || now() > cancelCutoff
          ? { reason: "cutoff", hours: hours(policy.cancelCutoffMinutes) }
          : null,
      move:
        !policy.rescheduleEnabled || now() > moveCutoff
          ? { reason: "cutoff", hours: hours(policy.rescheduleCutoffMinutes) }
          : movedEnough
            ? { reason: "limit", hours: 0 }
            : null,
    };
  }

  function stored(id: string) {
    const found = bookings.get(id);
    if (found === null) throw new ApiError("BOOKING_NOT_FOUND", [id]);
    return found;
  }

  function replayed(key: string, hash: string): Created | null {
    const earlier = bookings.byIdempotencyKey(key);
    if (earlier === null) return null;
    if (earlier.requestHash !== hash) throw new ApiError("BOOKING_IDEMPOTENCY_MISMATCH", [key]);
    return {
      booking: earlier.booking,
      actionToken: signActionToken(signingKey, earlier.booking.id, earlier.tokenSalt),
      replayed: true,
    };
  }

  function setStatus(
    booking: Booking,
    status: BookingStatus,
    claims: ClaimChange,
    text: string,
  ): Booking {
    const ownerMessage = text === "" ? booking.ownerMessage : { status, text, at: now() };
    const next = { ...booking, status, ownerMessage, updatedAt: now() };
    change(next, booking.revision, claims);
    return { ...next, revision: booking.revision + 1 };
  }

  function expectStatus(booking: Booking, allowed: readonly BookingStatus[], verb: string) {
    if (!allowed.includes(booking.status)) {
      throw new ApiError("BOOKING_STATUS_CONFLICT", [
        booking.id,
        booking.status.toLowerCase(),
        verb,
      ]);
    }
  }

  return {
    /** `createBooking`: `{booking, flowControlSettings?}`. */
    create(body: Json, actor: Actor, idempotencyKey: string | null): Created {
      const hash = createHash("sha256").update(JSON.stringify(body)).digest("base64url");
      if (idempotencyKey !== null) {
        const earlier = replayed(idempotencyKey, hash);
        if (earlier !== null) return earlier;
      }
      const booking = objectAt(body, "booking");
      const slot = objectAt(booking, "bookedEntity", "slot");
      const flow = actor.owner ? objectAt(body, "flowControlSettings") : {};
      const setting = slots.setting(slot.serviceId, !actor.owner);
      const start = instant(slot.startDate, "booking.bookedEntity.slot.startDate");
      const end = instant(slot.endDate, "booking.bookedEntity.slot.endDate");
      const { contact, note } = readContact(booking, setting.schedule.timeZone);
      if (flow.skipAvailabilityValidation !== true) {
        slots.check(setting, start, end, flow.skipBookingPolicyValidation === true);
      } else if (!(end > start)) {
        throw validationError([
          violation("booking.bookedEntity.slot.endDate", "must be after startDate"),
        ]);
      }
      const at = now();
      const { service, schedule } = setting;
      const created: Booking = {
        id: randomUUID(),
        revision: 1,
        serviceId: service.id,
        status:
          service.requireManualApproval && flow.skipBusinessConfirmation !== true
            ? "PENDING"
            : "CONFIRMED",
        start,
        end,
        ownerZone: schedule.timeZone,
        ownerDay: wallTimeOf(start, schedule.timeZone).date,
        reschedules: 0,
        title: service.name,
        contact,
        note,
        createdAt: at,
        updatedAt: at,
      };
      const tokenSalt = randomBytes(16).toString("base64url");
      const memberId = actor.memberId ?? null;
      try {
        insert({ booking: created, tokenSalt, idempotencyKey, requestHash: hash, memberId });
      } catch (error) {
        // The same key sent twice at once: the first insert won; answer what it made.
        const earlier =
          idempotencyKey !== null && isUniqueViolation(error)
            ? replayed(idempotencyKey, hash)
            : null;
        if (earlier !== null) return earlier;
        throw error;
      }
      events.booked(created);
      return { booking: created, actionToken: signActionToken(signingKey, created.id, tokenSalt) };
    },

    /** The owner's agenda: bookings meeting [from, to), every status, by start. */
    between(from: number, to: number): Booking[] {
      return bookings.between(from, to);
    },

    get(id: string): Booking {
      return stored(id).booking;
    },

    /** The booking page's hook: what the visitor may change of a booking now (the policy's). */
    visitorChanges(id: string): VisitorChanges {
      return visitorChanges(stored(id).booking);
    },

    /** The booking page's hook: the booking an earlier post of one form made, if any. */
    createdWithKey(key: string): Created | null {
      const earlier = bookings.byIdempotencyKey(key);
      return earlier === null
        ? null
        : {
            booking: earlier.booking,
            actionToken: signActionToken(signingKey, earlier.booking.id, earlier.tokenSalt),
          };
    },

    /** The booking an action token names, or BOOKING_TOKEN_INVALID. */
    idOfToken(token: string): string {
      const id = bookingIdOfToken(token);
      const found = id === null ? null : bookings.get(id);
      if (
        found === null ||
        !verifyActionToken(signingKey, token, found.booking.id, found.tokenSalt)
      ) {
        throw new ApiError("BOOKING_TOKEN_INVALID");
      }
      return found.booking.id;
    },

    actionToken(id: string): string {
      const { booking, tokenSalt } = stored(id);
      return signActionToken(signingKey, booking.id, tokenSalt);
    },

    /** The owner's approval: a pending booking becomes confirmed (nothing is ever double-booked). */
    confirm(id: string, body: Json): Booking {
      const { booking } = stored(id);
      revisionMatches(body, booking);
      const message = ownerMessage(body);
      if (booking.status === "CONFIRMED") return booking;
      expectStatus(booking, ["PENDING"], "confirmed");
      const confirmed = setStatus(booking, "CONFIRMED", "keep", message);
      events.confirmed(confirmed, message);
      return confirmed;
    },

    decline(id: string, body: Json): Booking {
      const { booking } = stored(id);
      revisionMatches(body, booking);
      const message = ownerMessage(body);
      expectStatus(booking, ["PENDING"], "declined");
      const declined = setStatus(booking, "DECLINED", "release", message);
      events.declined(declined, message);
      return declined;
    },

    cancel(id: string, body: Json, actor: Actor): Booking {
      const { booking } = stored(id);
      revisionMatches(body, booking);
      const message = actor.owner ? ownerMessage(body) : "";
      expectStatus(booking, ACTIVE_STATUSES, "cancelled");
      const ignore =
        actor.owner && objectAt(body, "flowControlSettings").ignoreCancellationPolicy === true;
      if (!ignore && visitorChanges(booking).cancel !== null) {
        throw new ApiError("BOOKING_CANCEL_CUTOFF");
      }
      const cancelled = setStatus(booking, "CANCELED", "release", message);
      events.cancelled(cancelled, actor.owner, message);
      return cancelled;
    },

    reschedule(id: string, body: Json, actor: Actor): Booking {
      const { booking } = stored(id);
      revisionMatches(body, booking);
      const message = actor.owner ? ownerMessage(body) : "";
      expectStatus(booking, ACTIVE_STATUSES, "moved");
      const flow = actor.owner ? objectAt(body, "flowControlSettings") : {};
      const setting = slots.setting(booking.serviceId, false);
      const { schedule } = setting;
      const refused = flow.ignoreReschedulePolicy === true ? null : visitorChanges(booking).move;
      if (refused?.reason === "cutoff") throw new ApiError("BOOKING_RESCHEDULE_CUTOFF");
      if (refused?.reason === "limit") {
        throw new ApiError("BOOKING_RESCHEDULE_LIMIT", [booking.reschedules]);
      }
      const slot = objectAt(body, "slot");
      const start = instant(slot.startDate, "slot.startDate");
      const end = instant(slot.endDate, "slot.endDate");
      if (flow.skipAvailabilityValidation !== true) slots.check(setting, start, end, false);
      const next: Booking = {
        ...booking,
        start,
        end,
        ownerZone: schedule.timeZone,
        ownerDay: wallTimeOf(start, schedule.timeZone).date,
        reschedules: booking.reschedules + 1,
        updatedAt: now(),
      };
      change(next, booking.revision, "move");
      const moved = { ...next, revision: booking.revision + 1 };
      events.moved(moved, booking, actor.owner, message);
      return moved;
    },
  };
}
