/**
 * @module The booking wing assembled: its stores, rules and routes on one database, the mails
 * and this node's reminder pass, and the sample introductory call seeded once. `main/app.ts`
 * only wires it.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { IdentityContext } from "../identity/index.ts";
import type { Db } from "../platform/db/sql-db.ts";
import type { CallerDeps } from "../platform/http/caller.ts";
import { mailOrigin } from "../platform/http/request-origin.ts";
import { createBookingAccess } from "./booking-access.ts";
import { createBookingNotices } from "./booking-notices.ts";
import { type BookingConversionPort, bookingRoutes } from "./booking-routes.ts";
import { createBookingRules } from "./booking-rules.ts";
import { createBookingStore } from "./booking-store.ts";
import { type BookingsConfig, DEFAULT_BOOKINGS_CONFIG } from "./bookings-config.ts";
import { createCalendarFeed, scheduleFeedReads } from "./calendar-feed.ts";
import { calendarFeedRoutes } from "./calendar-feed-routes.ts";
import { createCalendarFeedStore } from "./calendar-feed-store.ts";
import { catalogRoutes } from "./catalog-routes.ts";
import { createCatalogService } from "./catalog-service.ts";
import { createCatalogStore } from "./catalog-store.ts";
import { memberBookingList, memberBookingsRoute } from "./member-bookings.ts";
import { signedInContact } from "./member-prefill.ts";
import type { BookingPageContext } from "./pages/booking-page-context.ts";
import { bookingPageRoutes } from "./pages/booking-page-routes.ts";
import { createBookingViews } from "./pages/booking-page-views.ts";
import { reminderRoutes } from "./reminder-routes.ts";
import { createReminderStore } from "./reminder-store.ts";
import { registerReminderTimer } from "./reminder-timer.ts";
import { createReminderPass } from "./reminders.ts";
import { createSlotFinder } from "./slot-finder.ts";

export type BookingsOptions = {
  db: Db;
  caller: CallerDeps;
  signingKey: Uint8Array;
  now: () => number;
  /** The mailer, the owner's address, the site's public origin and the members. */
  identity: IdentityContext;
  /** The Site settings item's data: the mails name the consultant and the site. */
  siteSettings: () => Record<string, unknown>;
  config?: Partial<BookingsConfig>;
  /** The analytics' conversion port (booking-routes.ts). */
  onConversion?: BookingConversionPort;
};

export function createBookingsFeature(options: BookingsOptions) {
  const { db, caller, signingKey, now, identity, config, onConversion } = options;
  const settings = { ...DEFAULT_BOOKINGS_CONFIG, ...config };
  const catalog = createCatalogService(createCatalogStore(db), now);
  const bookings = createBookingStore(db);
  const feed = createCalendarFeed({
    store: createCalendarFeedStore(db),
    config: settings,
    now,
    ownerZone: () => catalog.schedule()?.timeZone ?? "UTC",
  });
  const busy = (from: number, to: number) => feed.busyBetween(from, to);
  const slots = createSlotFinder({ catalog, bookings, busy, config: settings, now });
  // The notices need the rules' tokens, and the rules tell the notices: tied after both exist.
  let tokenOf: (id: string) => string = () => "";
  const notices = createBookingNotices({
    identity,
    siteSettings: options.siteSettings,
    findService: (id) => catalog.findService(id),
    tokenOf: (id) => tokenOf(id),
    now,
  });
  const rules = createBookingRules({
    db,
    catalog,
    bookings,
    slots,
    signingKey,
    now,
    events: notices,
  });
  tokenOf = (id) => rules.actionToken(id);
  const access = createBookingAccess({ db, caller, config: settings, now });
  const reminders = createReminderStore(db);
  const pass = createReminderPass({
    store: reminders,
    now,
    send: async (id, offset) => notices.reminder(rules.get(id), offset),
    onError: (error) => identity.logError(error, "booking reminder not sent; tried again later"),
  });
  const memberBookingOptions = {
    bookings,
    tokenOf: (id: string) => tokenOf(id),
    origin: (request: FastifyRequest) => mailOrigin(identity, request),
  };
  return {
    catalog,
    slots,
    rules,
    feed,
    reminders: pass,
    /** A member's bookings with their manage links (the client area's list). */
    memberBookings: (member: { id: string; email: string }, request: FastifyRequest) =>
      memberBookingList(memberBookingOptions, member, request),
    /** The routes; with `pages` (the ports of main/booking-page-port.ts), the booking pages too. */
    register(app: FastifyInstance, pages?: BookingPageContext): void {
      app.register(async (scope) => {
        catalogRoutes(scope, { catalog, access });
        bookingRoutes(scope, {
          rules,
          slots,
          catalog,
          access,
          ...(onConversion === undefined ? {} : { onConversion }),
        });
        calendarFeedRoutes(scope, { feed, access });
        reminderRoutes(scope, { reminders, access, now });
        memberBookingsRoute(scope, {
          bookings,
          identity,
          caller,
          tokenOf,
          origin: (request) => mailOrigin(identity, request),
        });
        if (pages !== undefined) {
          const views = createBookingViews({ rules, slots, catalog, context: pages, now });
          const context = { views, rules, catalog, access, context: pages };
          bookingPageRoutes(scope, {
            ...context,
            onConversion: onConversion ?? (() => {}),
            signedIn: (request) => signedInContact(identity, request),
          });
        }
      });
      const reads = scheduleFeedReads(feed, app.log, settings.feed.checkEveryMs);
      app.addHook("onReady", async () => reads.start());
      app.addHook("preClose", async () => reads.stop());
      registerReminderTimer(app, pass, settings.reminderTickMs);
    },
  };
}

export type BookingsFeature = ReturnType<typeof createBookingsFeature>;
