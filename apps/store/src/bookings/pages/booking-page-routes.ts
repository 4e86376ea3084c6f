/**
 * @module The booking pages (docs/bookings.md, "The booking page"): `GET /book` (the services or
 * one service's free times with the details form), `POST /book` (the booking), `GET
 * /book/booked` (its confirmation), `GET|POST /book/manage` (the manage link: the booking,
 * cancelling, moving). Without JavaScript they are pages and plain forms: a post that works
 * redirects (303), one that does not shows the form again with each mistake beside its field
 * and everything typed kept. The page's script asks the same routes for JSON
 * (`Accept: application/json`) and gets the next view and its address instead.
 */
import type { BookingErrors } from "@consultant/site-content/wire";
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { clientKey } from "../../platform/limits/client-key.ts";
import type { SignedInContact } from "../member-prefill.ts";
import { createBody, fieldMistakes, readBookingPost, startOf } from "./booking-form.ts";
import { bookingManageRoutes } from "./booking-manage-routes.ts";
import {
  BOOK_PATH,
  BOOKED_PATH,
  type BookingPageDeps,
  createPageReplies,
  isPageScript,
  one,
  type Query,
  withQuery,
} from "./booking-page-http.ts";

/** The form's fields, with a signed-in client's name and address filled in. */
function prefilled(member: SignedInContact | null) {
  const name = member === null ? "" : `${member.firstName} ${member.lastName}`.trim();
  return { name, email: member?.email ?? "", note: "", time: "" };
}

export function bookingPageRoutes(app: FastifyInstance, deps: BookingPageDeps): void {
  const { views, rules, catalog, access, context, onConversion, signedIn } = deps;
  const replies = createPageReplies(context, views);
  const { answer, redirect, failurePage, manageUrl } = replies;

  app.get<Query>(BOOK_PATH, async (request, reply) => {
    try {
      access.visitorCall(request, reply);
      const ask = {
        zone: one(request.query.tz),
        from: one(request.query.from),
        fields: prefilled(signedIn(request)),
        errors: {},
        formToken: context.guard.issue(clientKey(request.ip)),
      };
      const serviceId = one(request.query.service);
      const view = serviceId === "" ? views.start(ask) : views.pick({ ...ask, serviceId });
      // Counted once per arrival: not again for other days or zones.
      const arrival = ask.zone === "" && ask.from === "" && !isPageScript(request);
      if (arrival && (view.kind === "pick" || view.kind === "services")) {
        onConversion(request, "bookingPageOpened");
      }
      return answer(request, reply, view);
    } catch (error) {
      return failurePage(request, reply, error);
    }
  });

  app.post(BOOK_PATH, async (request, reply) => {
    const post = readBookingPost(request.body, context.guard.trap);
    const client = clientKey(request.ip);
    const words = context.words();
    const again = (errors: BookingErrors, status: number, fresh = false) =>
      answer(
        request,
        reply,
        views.pick({
          serviceId: post.serviceId,
          zone: post.zone,
          from: post.from,
          fields: errors.time === undefined ? post.fields : { ...post.fields, time: "" },
          errors,
          formToken: fresh ? context.guard.issue(client) : post.token,
        }),
        status,
      );
    try {
      access.visitorCall(request, reply);
      const service = catalog.service(post.serviceId);
      // A filled hidden field: a bot; it is shown the form again and nothing is booked.
      if (post.honeypot !== "") return again({ form: words.BookFailed }, 400, true);
      let nonce: string;
      try {
        nonce = context.guard.check(post, client);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        return again({ form: words.BookFailed }, 400, true);
      }
      const mistakes = fieldMistakes(post.fields, words);
      if (Object.keys(mistakes).length > 0) return again({ form: words.BookFix, ...mistakes }, 400);
      const key = `book-page:${nonce}`;
      const earlier = rules.createdWithKey(key);
      if (earlier !== null) {
        const location = withQuery(BOOKED_PATH, { token: earlier.actionToken });
        return redirect(request, reply, location, () =>
          views.booked(earlier.actionToken, manageUrl(earlier.actionToken)),
        );
      }
      access.visitorCreate(request, reply);
      context.guard.spend(nonce);
      const start = startOf(post.fields.time) as number;
      const zone = views.zoneOf(post.zone);
      const created = rules.create(
        createBody(post, start, service.durationMinutes, zone),
        { owner: false, memberId: signedIn(request)?.memberId ?? null },
        key,
      );
      if (created.replayed !== true) onConversion(request, "bookingMade");
      const location = withQuery(BOOKED_PATH, { token: created.actionToken });
      return redirect(request, reply, location, () =>
        views.booked(created.actionToken, manageUrl(created.actionToken)),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      switch (error.code) {
        case "BOOKING_SLOT_TAKEN":
        case "BOOKING_DAY_FULL":
          return again({ form: words.BookSlotTaken, time: words.BookSlotTaken }, 409, true);
        case "BOOKING_SLOT_NOT_OFFERED":
        case "BOOKING_TOO_LATE":
        case "BOOKING_TOO_EARLY":
          return again({ form: words.BookFix, time: words.BookPickTime }, 400, true);
        case "BOOKING_THROTTLED":
          return again({ form: words.BookBusy }, 429, true);
        case "CONTACT_ALREADY_SENT":
          return again({ form: words.BookFailed }, 400, true);
        default:
          return failurePage(request, reply, error);
      }
    }
  });

  app.get<Query>(BOOKED_PATH, async (request, reply) => {
    try {
      access.visitorCall(request, reply);
      const token = one(request.query.token);
      return answer(request, reply, views.booked(token, manageUrl(token)));
    } catch (error) {
      return failurePage(request, reply, error);
    }
  });

  bookingManageRoutes(app, deps, replies);
}
