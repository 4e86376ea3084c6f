/**
 * @module The booking pages' views (docs/bookings.md, "The booking page"): the services, the
 * free times with the visitor's details, the confirmation, the manage page and the messages,
 * built from the booking rules and the owner's words for the site to render.
 */
import type {
  BookingErrors,
  BookingFields,
  BookingManageView,
  BookingPickView,
  BookingView,
} from "@consultant/site-content/wire";
import { ApiError } from "../../platform/errors.ts";
import type { BookingRules, ChangeRefusal } from "../booking-rules.ts";
import type { CatalogService } from "../catalog-service.ts";
import type { SlotFinder } from "../slot-finder.ts";
import { whereWords } from "../where-words.ts";
import type { BookingPageContext } from "./booking-page-context.ts";
import {
  askedZone,
  dayRange,
  knownZones,
  serviceChoice,
  summaryOf,
  timesOf,
} from "./booking-times.ts";

export const EMPTY_FIELDS: BookingFields = { name: "", email: "", note: "", time: "" };

export type PickRequest = {
  serviceId: string;
  zone: unknown;
  from: unknown;
  fields: BookingFields;
  errors: BookingErrors;
  formToken: string;
};

export type ManageRequest = {
  token: string;
  zone: unknown;
  from: unknown;
  notice: string;
  errors: BookingErrors;
};

export type BookingViews = ReturnType<typeof createBookingViews>;

export function createBookingViews(deps: {
  rules: BookingRules;
  slots: SlotFinder;
  catalog: CatalogService;
  context: BookingPageContext;
  now: () => number;
}) {
  const { rules, slots, catalog, context, now } = deps;

  function common() {
    const brand = context.brand();
    return {
      words: context.words(),
      brand: {
        name: brand.name,
        logoSrc: brand.logoSrc,
        logoDarkSrc: brand.logoDarkSrc ?? null,
        email: brand.email || null,
      },
      zones: knownZones(),
    };
  }

  function message(heading: string, text: string): BookingView {
    return { ...common(), kind: "message", heading, text };
  }

  /** The free times of a service from `from` in `zone`. */
  function timesFor(serviceId: string, zone: string, from: unknown) {
    const { setting } = slots.bookable(serviceId, 0, 1);
    const range = dayRange(from, zone, now(), setting.policy.bookingWindowMinutes);
    const found = slots.bookable(serviceId, range.start, range.end);
    return { setting, times: timesOf(found.slots, zone, range) };
  }

  function refusal(refused: ChangeRefusal | null, cutoffWords: string): string | null {
    if (refused === null) return null;
    if (refused.reason === "limit") return context.words().BookMoveLimit;
    return cutoffWords.replaceAll("{hours}", String(refused.hours));
  }

  return {
    message,

    /** The zone a visitor asked for, else the owner's. */
    zoneOf(asked: unknown): string {
      return askedZone(asked) ?? catalog.schedule()?.timeZone ?? "UTC";
    },

    /** The page for a wrong or unknown booking link. */
    invalidLink(): BookingView {
      const words = context.words();
      return message(words.BookManageHeading, words.BookLinkInvalid);
    },

    closed(): BookingView {
      const words = context.words();
      return message(words.BookHeading, words.BookClosed);
    },

    /** The start: the one service's times, or the services to choose from, or closed. */
    start(request: Omit<PickRequest, "serviceId">): BookingView {
      const services = catalog.bookableServices();
      const only = services[0];
      if (only === undefined || catalog.schedule() === null) return this.closed();
      if (services.length === 1) return this.pick({ ...request, serviceId: only.id });
      return { ...common(), kind: "services", services: services.map(serviceChoice) };
    },

    /** A service's free times and the details form. @throws ApiError for an unknown service. */
    pick(request: PickRequest): BookingPickView {
      const asked = askedZone(request.zone);
      const schedule = catalog.schedule();
      if (schedule === null) throw new ApiError("BOOKING_NOT_SET_UP");
      const zone = asked ?? schedule.timeZone;
      const { setting, times } = timesFor(request.serviceId, zone, request.from);
      return {
        ...common(),
        kind: "pick",
        service: serviceChoice(setting.service),
        times,
        zoneChosen: asked !== null,
        fields: request.fields,
        errors: request.errors,
        formToken: request.formToken,
        trap: context.guard.trap,
      };
    },

    /** The confirmation of a booking made a moment ago. */
    booked(token: string, manageUrl: string): BookingView {
      const booking = rules.get(rules.idOfToken(token));
      const service = catalog.findService(booking.serviceId);
      return {
        ...common(),
        kind: "booked",
        booking: summaryOf(booking, booking.contact.timeZone, service ? whereWords(service) : ""),
        manageUrl,
      };
    },

    /** The manage page: the booking, and what the policy lets its visitor change now. */
    manage(request: ManageRequest): BookingManageView {
      const words = context.words();
      const id = rules.idOfToken(request.token);
      const booking = rules.get(id);
      const service = catalog.findService(booking.serviceId);
      const zone = askedZone(request.zone) ?? booking.contact.timeZone;
      const active = booking.status === "PENDING" || booking.status === "CONFIRMED";
      const changes = active ? rules.visitorChanges(id) : null;
      const cancelRefusal = changes && refusal(changes.cancel, words.BookTooLateCancel);
      const moveRefusal = changes && refusal(changes.move, words.BookTooLateMove);
      const canMove = active && moveRefusal === null && service !== null && !service.hidden;
      const status =
        booking.status === "CANCELED"
          ? words.BookCancelled
          : booking.status === "DECLINED"
            ? words.BookDeclined
            : "";
      return {
        ...common(),
        kind: "manage",
        booking: summaryOf(booking, zone, service ? whereWords(service) : ""),
        token: request.token,
        notice: request.notice || status,
        cancelRefusal,
        moveRefusal,
        times: canMove ? timesFor(booking.serviceId, zone, request.from).times : null,
        zoneChosen: askedZone(request.zone) !== null,
        errors: request.errors,
      };
    },
  };
}
