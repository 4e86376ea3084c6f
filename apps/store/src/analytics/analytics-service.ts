/**
 * @module The counting rules (docs/analytics.md): who is counted (visit-filter.ts), the day's
 * visitor id (visitor-id.ts), the referrer read against the site's own host and the spam list,
 * the conversions the other wings report, and the day's turn: a new salt, the old one deleted,
 * and raw events past the owner's retention dropped.
 */
import type { Db } from "../platform/db/sql-db.ts";
import type { ConversionKind } from "./analytics-api-types.ts";
import { addDays, dayOf, hourOf } from "./analytics-range.ts";
import type { AnalyticsStore } from "./analytics-store.ts";
import { type Beacon, readReferrer } from "./beacon-input.ts";
import type { CountedEvent } from "./counted-event.ts";
import type { EventCounter } from "./event-counter.ts";
import { isSpamHost } from "./referrer-spam.ts";
import { agentFacts, skipReason, type VisitRequest } from "./visit-filter.ts";
import { createDailySalts, visitorId } from "./visitor-id.ts";

export const DEFAULT_RETENTION_DAYS = 30;

export type CountOutcome = "counted" | "skipped" | "spam";

export type AnalyticsServiceOptions = {
  db: Db;
  store: AnalyticsStore;
  counter: EventCounter;
  now: () => number;
  /** The owner's IANA zone, in which days begin. */
  zone: () => string;
};

function siteOf(request: VisitRequest): string {
  return (request.headers.host ?? "").toLowerCase();
}

function hostOf(site: string): string {
  return site.replace(/:\d+$/, "").replace(/^www\./, "");
}

export function createAnalyticsService({ db, store, counter, now, zone }: AnalyticsServiceOptions) {
  const salts = createDailySalts(db);
  let turnedDay = "";

  const retentionDays = () => store.retentionDays() ?? DEFAULT_RETENTION_DAYS;
  const dropExpired = (today: string) => {
    // What waits in memory is stored first, so the drop reaches it too.
    counter.flush();
    store.dropBefore(addDays(today, 1 - retentionDays()));
  };

  /** The salt of today; on the first call of a day, also drops what the retention let go. */
  function todaysSalt(today: string): Buffer {
    const salt = salts.saltFor(today);
    if (turnedDay !== today) {
      turnedDay = today;
      dropExpired(today);
    }
    return salt;
  }

  // The owner-zone day and hour of the current minute, worked out once a minute, not per beacon.
  let minute = { start: -1, zone: "", day: "", hour: "" };
  function clockOf(at: number, ownerZone: string): { day: string; hour: string } {
    const start = at - (at % 60_000);
    if (minute.start !== start || minute.zone !== ownerZone) {
      minute = { start, zone: ownerZone, day: dayOf(at, ownerZone), hour: hourOf(at, ownerZone) };
    }
    return minute;
  }

  function baseEvent(request: VisitRequest, at: number): CountedEvent {
    const { day, hour } = clockOf(at, zone());
    const userAgent = request.headers["user-agent"] ?? "";
    // One site under its names: www. or a port in the address does not make another visitor.
    const site = hostOf(siteOf(request));
    return {
      at,
      day,
      hour,
      kind: "view",
      visitor: visitorId(todaysSalt(day), { site, address: request.ip, userAgent }),
      path: "/",
      referrer: "",
      utmSource: "",
      utmMedium: "",
      utmCampaign: "",
      ...agentFacts(userAgent),
      language: "(unknown)",
      timeZone: "(unknown)",
      sections: [],
      scroll: null,
      seconds: null,
    };
  }

  return {
    /** A beacon the route has read; spam and visits not counted store nothing. */
    countBeacon(request: VisitRequest, beacon: Beacon): CountOutcome {
      if (skipReason(request) !== null) return "skipped";
      const referrer = readReferrer(beacon.referrer);
      let host = referrer.kind === "host" ? referrer.host : "";
      if (host !== "" && isSpamHost(host)) return "spam";
      if (host === hostOf(siteOf(request))) host = "";
      counter.record({
        ...baseEvent(request, now()),
        kind: beacon.kind,
        path: beacon.path,
        referrer: host,
        utmSource: beacon.utmSource,
        utmMedium: beacon.utmMedium,
        utmCampaign: beacon.utmCampaign,
        language: beacon.language,
        timeZone: beacon.timeZone,
        sections: beacon.sections,
        scroll: beacon.scroll,
        seconds: beacon.seconds,
      });
      return "counted";
    },
    /** The `<noscript>` pixel: a view of `path` with what the request itself tells. */
    countPixel(request: VisitRequest, path: string): CountOutcome {
      if (skipReason(request) !== null) return "skipped";
      const language = /^([a-z]{2,3})\b/i.exec(request.headers["accept-language"] ?? "")?.[1];
      counter.record({
        ...baseEvent(request, now()),
        path,
        ...(language === undefined ? {} : { language: language.toLowerCase() }),
      });
      return "counted";
    },
    /** A conversion the server saw, credited to the visitor who made the request. */
    countConversion(request: VisitRequest, kind: ConversionKind): CountOutcome {
      if (skipReason(request) !== null) return "skipped";
      counter.record({ ...baseEvent(request, now()), kind, path: "" });
      return "counted";
    },
    /** Rotates the salt and drops expired events even on a day without visitors. */
    turnDay(): void {
      todaysSalt(dayOf(now(), zone()));
    },
    retentionDays,
    setRetentionDays(days: number): void {
      store.setRetentionDays(days);
      dropExpired(dayOf(now(), zone()));
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
