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
  const slots = createSlotFinder({ catalog, bookings, config: settings, now });
  const rules = createBookingRules({ db, catalog, bookings, slots, signingKey, now });
  const access = createBookingAccess({ db, caller, config: settings, now });
  return {
    catalog,
    slots,
    rules,
    register(app: FastifyInstance): void {
      app.register(async (scope) => {
        catalogRoutes(scope, { catalog, access });
        bookingRoutes(scope, { rules, slots, catalog, access });
      });
    },
  };
}

export type BookingsFeature = ReturnType<typeof createBookingsFeature>;
