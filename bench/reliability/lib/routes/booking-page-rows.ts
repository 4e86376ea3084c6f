/**
 * @module The visitor's booking pages (apps/store/src/bookings/pages): public, each counted
 * against the caller's address before any work. Booking on the page needs the contact form's
 * token, which no matrix caller holds, so the post is refused and books nothing; the manage
 * page answers whoever holds the booking's action token (the row's seeded booking).
 */
import { BOOKING_WRITES, COUNTED, tokenOf } from "./booking-rows.ts";
import { enc, FORM, type RouteRow } from "./route-row.ts";

export const BOOKING_PAGE_ROWS: RouteRow[] = [
  {
    name: "booking page",
    method: "GET",
    pattern: "/book",
    access: { kind: "public" },
    mayWrite: COUNTED,
    example: () => ({ url: "/book" }),
  },
  {
    // Without the form's token (the bot defence): the form again with the reason, nothing booked.
    name: "booking page post",
    method: "POST",
    pattern: "/book",
    access: { kind: "public" },
    mayWrite: COUNTED,
    exampleFails: true,
    example: () => ({
      url: "/book",
      body: "name=Ada&email=ada%40example.com&time=2030-01-01T10%3A00%3A00.000Z",
      headers: FORM,
    }),
  },
  {
    name: "booking confirmation page",
    method: "GET",
    pattern: "/book/booked",
    access: { kind: "public" },
    mayWrite: COUNTED,
    example: (t) => ({ url: `/book/booked?token=${enc(tokenOf(t))}` }),
  },
  {
    name: "booking manage page",
    method: "GET",
    pattern: "/book/manage",
    access: { kind: "public" },
    mayWrite: COUNTED,
    example: (t) => ({ url: `/book/manage?token=${enc(tokenOf(t))}` }),
  },
  {
    // What the body holds (the booking's action token) decides, not the caller.
    name: "booking manage page cancel",
    method: "POST",
    pattern: "/book/manage",
    access: { kind: "stateful" },
    mayWrite: BOOKING_WRITES,
    example: (t) => ({
      url: "/book/manage",
      body: `token=${enc(tokenOf(t))}&action=cancel`,
      headers: FORM,
    }),
  },
];
