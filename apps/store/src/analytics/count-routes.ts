/**
 * @module The counting routes (docs/analytics.md, "Counting"): `POST /a/e` takes the page's
 * beacon (text/plain JSON, as `navigator.sendBeacon` sends a string, at most 1 KB), `GET
 * /a/p.gif` is the `<noscript>` pixel, `GET /go/booking` counts a click on the booking link and
 * redirects to the owner's configured scheduler only (never a URL the request names). A beacon
 * is admitted by the flood gate before its body is read, refused unread when another site
 * sends it, and refused whole when malformed; none of these stores anything.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../platform/errors.ts";
import type { AnalyticsService } from "./analytics-service.ts";
import { MAX_BEACON_BYTES, readBeacon, readPagePath } from "./beacon-input.ts";
import type { FloodGate } from "./flood-gate.ts";

export const BEACON_PATH = "/a/e";
export const PIXEL_PATH = "/a/p.gif";
export const BOOKING_LINK_PATH = "/go/booking";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export type CountRoutesOptions = {
  service: AnalyticsService;
  gate: FloodGate;
  /** The owner's scheduler (Site settings' `bookingUrl`), "" when none is set. */
  bookingUrl: () => string;
};

/**
 * A request another site's page made (an embedded pixel, a link to /go/booking) or that no page
 * made (a typed address): it counts nothing. Our page's own are `same-origin`; a browser too old
 * to say is counted.
 */
function fromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  return site !== undefined && site !== "same-origin";
}

function schedulerUrl(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

export async function countRoutes(
  app: FastifyInstance,
  { service, gate, bookingUrl }: CountRoutesOptions,
): Promise<void> {
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");
  /** The site's own page asked, and the address may count now. */
  const counts = (request: FastifyRequest) => !fromAnotherSite(request) && gate.admit(request.ip);
  app.addContentTypeParser(
    "text/plain",
    { parseAs: "string", bodyLimit: MAX_BEACON_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    BEACON_PATH,
    {
      bodyLimit: MAX_BEACON_BYTES,
      onRequest: async function admitBeaconHook(request) {
        if (!gate.admit(request.ip)) throw new ApiError("ANALYTICS_FLOOD");
        if (fromAnotherSite(request)) throw new ApiError("ANALYTICS_FOREIGN_BEACON");
      },
    },
    async (request, reply) => {
      if (typeof request.body !== "string") throw new ApiError("ANALYTICS_FOREIGN_BEACON");
      service.countBeacon(request, readBeacon(request.body));
      return noStore(reply).code(204).send();
    },
  );

  app.get<{ Querystring: { p?: unknown } }>(PIXEL_PATH, async (request, reply) => {
    noStore(reply).type("image/gif");
    const raw = request.query.p;
    if (counts(request) && typeof raw === "string" && raw.length <= 512) {
      try {
        service.countPixel(request, readPagePath(raw).path);
      } catch {
        // A forged path counts nothing; the pixel is answered all the same.
      }
    }
    return PIXEL;
  });

  app.get(BOOKING_LINK_PATH, async (request, reply) => {
    noStore(reply);
    const target = schedulerUrl(bookingUrl());
    if (target === null) throw new ApiError("ANALYTICS_NO_BOOKING_LINK");
    if (counts(request)) service.countConversion(request, "bookingLinkClicked");
    return reply.redirect(target, 302);
  });
}
