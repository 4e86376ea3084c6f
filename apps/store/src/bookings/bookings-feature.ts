/**
 * @module The booking wing assembled: its stores, rules and routes on one database, and the
 * sample introductory call seeded once. `main/app.ts` only wires it.
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../platform/db/sql-db.ts";
import type { CallerDeps } from "../platform/http/caller.ts";
import { createBookingAccess } from "./booking-access.ts";
import { bookingRoutes } from "./booking-routes.ts";
import { createBookingRules } from "./booking-rules.ts";
import { createBookingStore } from "./booking-store.ts";
import { type BookingsConfig, DEFAULT_BOOKINGS_CONFIG } from "./bookings-config.ts";
import { createCalendarFeed, scheduleFeedReads } from "./calendar-feed.ts";
import { calendarFeedRoutes } from "./calendar-feed-routes.ts";
import { createCalendarFeedStore } from "./calendar-feed-store.ts";
import { catalogRoutes } from "./catalog-routes.ts";
import { createCatalogService } from "./catalog-service.ts";
import { createCatalogStore } from "./catalog-store.ts";
import { createSlotFinder } from "./slot-finder.ts";

export type BookingsOptions = {
  db: Db;
  caller: CallerDeps;
  signingKey: Uint8Array;
  now: () => number;
  config?: Partial<BookingsConfig>;
};

export function createBookingsFeature({ db, caller, signingKey, now, config }: BookingsOptions) {
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
  const rules = createBookingRules({ db, catalog, bookings, slots, signingKey, now });
  const access = createBookingAccess({ db, caller, config: settings, now });
  return {
    catalog,
    slots,
    rules,
    feed,
    register(app: FastifyInstance): void {
      app.register(async (scope) => {
        catalogRoutes(scope, { catalog, access });
        bookingRoutes(scope, { rules, slots, catalog, access });
        calendarFeedRoutes(scope, { feed, access });
      });
      const reads = scheduleFeedReads(feed, app.log, settings.feed.checkEveryMs);
      app.addHook("onReady", async () => reads.start());
      app.addHook("preClose", async () => reads.stop());
    },
  };
}

export type BookingsFeature = ReturnType<typeof createBookingsFeature>;
