/**
 * @module How the booking pages answer (docs/bookings.md, "The booking page"): a view rendered
 * by the site, or, to the page's script (`Accept: application/json`), the view and its address;
 * a post that worked redirects (303); the refusals every page shares become pages of their own.
 */
import type { BookingView } from "@consultant/site-content/wire";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import type { BookingAccess } from "../booking-access.ts";
import type { BookingConversionPort } from "../booking-routes.ts";
import type { BookingRules } from "../booking-rules.ts";
import type { CatalogService } from "../catalog-service.ts";
import { MANAGE_PAGE_PATH } from "../manage-link.ts";
import type { SignedInContact } from "../member-prefill.ts";
import type { BookingPageContext } from "./booking-page-context.ts";
import type { BookingViews } from "./booking-page-views.ts";

export const BOOK_PATH = "/book";
export const BOOKED_PATH = "/book/booked";
/** The mails link here too (manage-link.ts). */
export const MANAGE_PATH = MANAGE_PAGE_PATH;

export type Query = { Querystring: Record<string, string | string[] | undefined> };

export type BookingPageDeps = {
  /** The signed-in client booking, if any (member-prefill.ts): fills the form, owns the booking. */
  signedIn: (request: FastifyRequest) => SignedInContact | null;
  /** Told when a visitor opens the booking page or books there (the analytics' port). */
  onConversion: BookingConversionPort;
  views: BookingViews;
  rules: BookingRules;
  catalog: CatalogService;
  access: BookingAccess;
  context: BookingPageContext;
};

/** Whether the page's script asks (for the view as JSON), not the browser itself. */
export const isPageScript = (request: FastifyRequest) =>
  (request.headers.accept ?? "").includes("application/json");

/** A query field as one short string ("" when missing). */
export function one(value: string | string[] | undefined): string {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first.slice(0, 200) : "";
}

/** `path` with the non-empty fields of `query`. */
export function withQuery(path: string, query: Record<string, string>): string {
  const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ""));
  const text = params.toString();
  return text === "" ? path : `${path}?${text}`;
}

export type PageReplies = ReturnType<typeof createPageReplies>;

export function createPageReplies(context: BookingPageContext, views: BookingViews) {
  /** Sends a view: the rendered page, or the view as JSON to the page's script. */
  async function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    view: BookingView,
    status = 200,
  ): Promise<FastifyReply> {
    reply.code(status).header("cache-control", "no-store");
    if (isPageScript(request)) return reply.send({ view, location: request.url });
    const renderer = await context.renderer;
    // A store without the built site (API only) answers the view itself.
    if (renderer === null) return reply.send({ view, location: request.url });
    return reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", renderer.policy)
      .send(renderer.render(view));
  }

  /** After a post that worked: a redirect, or the next view and its address for the script. */
  function redirect(
    request: FastifyRequest,
    reply: FastifyReply,
    location: string,
    view: () => BookingView,
  ): FastifyReply {
    reply.header("cache-control", "no-store");
    if (isPageScript(request)) return reply.send({ view: view(), location });
    return reply.code(303).header("location", location).send();
  }

  /** The refusals every booking page turns into a page of its own. */
  function failurePage(
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
  ): Promise<FastifyReply> {
    if (!(error instanceof ApiError)) throw error;
    const words = context.words();
    switch (error.code) {
      case "BOOKING_THROTTLED":
        return answer(request, reply, views.message(words.BookHeading, words.BookBusy), 429);
      case "BOOKING_TOKEN_INVALID":
        return answer(request, reply, views.invalidLink(), 404);
      case "BOOKING_SERVICE_NOT_FOUND":
      case "BOOKING_NOT_SET_UP":
        return answer(request, reply, views.closed(), 404);
      default:
        throw error;
    }
  }

  /** The manage page's address, on the trusted origin when there is one (never the Host). */
  function manageUrl(token: string): string {
    return `${context.origin() ?? ""}${withQuery(MANAGE_PATH, { token })}`;
  }

  return { answer, redirect, failurePage, manageUrl };
}
