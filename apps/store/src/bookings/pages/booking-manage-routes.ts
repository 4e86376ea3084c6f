/**
 * @module The manage link's page (`/book/manage?token=…`, the booking's action token): the
 * booking in its visitor's zone, and cancelling or moving it within the policy. A change the
 * policy refuses now (past the cutoff, moved as often as allowed) is refused in the owner's
 * words and nothing changes.
 */
import type { BookingErrors } from "@consultant/site-content/wire";
import type { FastifyInstance } from "fastify";
import { fieldOf } from "../../identity/index.ts";
import { ApiError } from "../../platform/errors.ts";
import { startOf } from "./booking-form.ts";
import {
  type BookingPageDeps,
  MANAGE_PATH,
  one,
  type PageReplies,
  type Query,
  withQuery,
} from "./booking-page-http.ts";

export function bookingManageRoutes(
  app: FastifyInstance,
  deps: BookingPageDeps,
  replies: PageReplies,
): void {
  const { views, rules, catalog, access, context } = deps;
  const { answer, redirect, failurePage } = replies;

  app.get<Query>(MANAGE_PATH, async (request, reply) => {
    try {
      access.visitorCall(request, reply);
      const done = one(request.query.done);
      const view = views.manage({
        token: one(request.query.token),
        zone: one(request.query.tz),
        from: one(request.query.from),
        notice: done === "moved" ? context.words().BookMoved : "",
        errors: {},
      });
      return answer(request, reply, view);
    } catch (error) {
      return failurePage(request, reply, error);
    }
  });

  app.post(MANAGE_PATH, async (request, reply) => {
    const token = fieldOf(request.body, "token");
    const zone = fieldOf(request.body, "tz");
    const from = fieldOf(request.body, "from");
    const words = context.words();
    const again = (status: number, notice: string, errors: BookingErrors = {}) =>
      answer(request, reply, views.manage({ token, zone, from, notice, errors }), status);
    try {
      access.visitorCall(request, reply);
      const id = rules.idOfToken(token);
      const here = { token, tz: zone };
      if (fieldOf(request.body, "action") === "cancel") {
        rules.cancel(id, {}, { owner: false });
        const location = withQuery(MANAGE_PATH, here);
        return redirect(request, reply, location, () =>
          views.manage({ token, zone, from: "", notice: "", errors: {} }),
        );
      }
      const start = startOf(fieldOf(request.body, "time"));
      if (start === null) return again(400, "", { time: words.BookPickTime });
      const booking = rules.get(id);
      const minutes = catalog.service(booking.serviceId).durationMinutes;
      const slot = {
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + minutes * 60_000).toISOString(),
      };
      rules.reschedule(id, { slot }, { owner: false });
      const location = withQuery(MANAGE_PATH, { ...here, done: "moved" });
      return redirect(request, reply, location, () =>
        views.manage({ token, zone, from: "", notice: words.BookMoved, errors: {} }),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      switch (error.code) {
        // The page says why from the policy itself (the cutoff's hours, the limit).
        case "BOOKING_CANCEL_CUTOFF":
        case "BOOKING_RESCHEDULE_CUTOFF":
        case "BOOKING_RESCHEDULE_LIMIT":
        case "BOOKING_STATUS_CONFLICT":
          return again(409, "");
        case "BOOKING_SLOT_TAKEN":
        case "BOOKING_DAY_FULL":
          return again(409, "", { time: words.BookSlotTaken });
        case "BOOKING_SLOT_NOT_OFFERED":
        case "BOOKING_TOO_LATE":
        case "BOOKING_TOO_EARLY":
        case "BOOKING_ONLINE_DISABLED":
        case "VALIDATION_FAILED":
          return again(400, "", { time: words.BookPickTime });
        default:
          return failurePage(request, reply, error);
      }
    }
  });
}
