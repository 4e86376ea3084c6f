/**
 * @module The analytics wing assembled: its store, counter, rules, the dashboard's reads and the
 * counting routes; `main/app.ts` only wires it and hands the conversion port to the wings that
 * see conversions (docs/analytics.md).
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ItemsStore } from "../data/index.ts";
import type { Db } from "../platform/db/sql-db.ts";
import type { ConversionKind } from "./analytics-api-types.ts";
import { type AnalyticsReader, analyticsReadRoutes } from "./analytics-read-routes.ts";
import { createAnalyticsReader } from "./analytics-reader.ts";
import { createAnalyticsService } from "./analytics-service.ts";
import { createAnalyticsStore } from "./analytics-store.ts";
import { createBeaconFastPath } from "./beacon-fast-path.ts";
import { countRoutes } from "./count-routes.ts";
import { createEventCounter } from "./event-counter.ts";
import { createFloodGate } from "./flood-gate.ts";

/** How often a node checks for a new day (a new salt, expired events) without visitors. */
const DAY_CHECK_MS = 10 * 60_000;
/** How long a node keeps the owner's zone before reading it again (one read per beacon is too many). */
const ZONE_KEPT_MS = 10_000;

function keptFor<T>(ms: number, now: () => number, read: () => T): () => T {
  let value: { at: number; read: T } | null = null;
  return () => {
    const at = now();
    if (value === null || at - value.at >= ms || at < value.at) value = { at, read: read() };
    return value.read;
  };
}

export type AnalyticsOptions = {
  db: Db;
  now: () => number;
  /** The owner's IANA zone (the booking schedule's); UTC when none is set. */
  ownerZone: () => string | undefined;
  /** The content: Site settings' `bookingUrl` is the owner's scheduler. */
  items: ItemsStore;
  /** Beacons per client address per minute (flood-gate.ts). */
  limits?: { perMinute: number } | undefined;
};

/** What the other wings call when they see a conversion (a port, handed in by `main/app.ts`). */
export type ConversionPort = (request: FastifyRequest, kind: ConversionKind) => void;

export function createAnalyticsFeature(options: AnalyticsOptions) {
  const { db, now, items, limits } = options;
  const ownerZone = keptFor(ZONE_KEPT_MS, now, () => options.ownerZone() ?? "UTC");
  const bookingUrl = () => String(items.getItem("SiteSettings", "site")?.data.bookingUrl ?? "");
  const store = createAnalyticsStore(db);
  let log: FastifyInstance["log"] | null = null;
  const counter = createEventCounter(store, (error) =>
    log?.error({ err: error }, "analytics batch not stored"),
  );
  const service = createAnalyticsService({ db, store, counter, now, zone: ownerZone });
  const gate = createFloodGate(now, limits?.perMinute);
  const figures = createAnalyticsReader(store, now);
  const reader: AnalyticsReader = {
    zone: ownerZone,
    report: (range) => {
      counter.flush();
      return figures.report(range, ownerZone());
    },
    live: () => {
      counter.flush();
      return figures.live();
    },
    dailyCsv: (range) => {
      counter.flush();
      return figures.dailyCsv(range);
    },
    retentionDays: service.retentionDays,
    setRetentionDays: service.setRetentionDays,
  };
  const conversion: ConversionPort = (request, kind) => {
    service.countConversion(request, kind);
  };
  return {
    conversion,
    /** The port of one kind of conversion, for a wing that sees only that one. */
    countsAs: (kind: ConversionKind) => (request: FastifyRequest) => conversion(request, kind),
    /** Stores what this node holds in memory (tests, before reading the tables). */
    flush: counter.flush,
    /** Plain beacons, taken in front of Fastify (`main/app.ts` puts it there). */
    fastPath: createBeaconFastPath(service, gate),
    register(app: FastifyInstance): void {
      log = app.log;
      app.decorate("analytics", { flush: counter.flush });
      app.register(async (scope) => {
        await analyticsReadRoutes(scope, { reader, now });
        await countRoutes(scope, { service, gate, bookingUrl });
      });
      const dayCheck = setInterval(() => {
        try {
          service.turnDay();
        } catch (error) {
          app.log.error({ err: error }, "analytics day turn failed");
        }
      }, DAY_CHECK_MS);
      dayCheck.unref();
      app.addHook("onClose", async () => {
        clearInterval(dayCheck);
        counter.close();
      });
    },
  };
}

export type AnalyticsFeature = ReturnType<typeof createAnalyticsFeature>;

declare module "fastify" {
  interface FastifyInstance {
    /** First-party analytics: tests store what a node holds before reading the tables. */
    analytics: { flush(): void };
  }
}
