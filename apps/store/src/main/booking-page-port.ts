/**
 * @module The booking pages' ports (bookings/ takes them from its siblings through here): the
 * owner's words and brand, the contact form's bot defence, the trusted origin for links, and
 * the built site's booking page renderer (null without a site, or when it does not load).
 */
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { type BookingPageContext, bookingWordsSource } from "../bookings/index.ts";
import type { ContactGuard } from "../contact/index.ts";
import type { ItemsStore } from "../data/index.ts";
import type { IdentityContext } from "../identity/index.ts";
import { loadBookingPageRenderer } from "../page/index.ts";
import { configuredOrigin } from "../platform/http/request-origin.ts";
import type { SiteBrand } from "../platform/pages/site-frame.ts";

async function renderer(dir: string, log: FastifyBaseLogger) {
  try {
    return await loadBookingPageRenderer(dir);
  } catch (error) {
    log.error({ err: error }, "the booking page renderer did not load");
    return null;
  }
}

export function bookingPagePort(deps: {
  store: ItemsStore;
  brand: () => SiteBrand;
  guard: ContactGuard;
  identity: IdentityContext;
  site: { dir: string } | undefined;
  app: FastifyInstance;
}): BookingPageContext {
  const { store, brand, guard, identity, site, app } = deps;
  return {
    words: bookingWordsSource(store),
    brand,
    guard,
    origin: () => configuredOrigin(identity),
    renderer: site === undefined ? Promise.resolve(null) : renderer(site.dir, app.log),
  };
}
