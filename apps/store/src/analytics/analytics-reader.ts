/**
 * @module The dashboard's figures (docs/analytics.md, "How each figure is counted"), read from
 * the daily and hourly roll-ups, so a year of figures costs the same whatever was counted;
 * only the live view reads raw events (the last 30 minutes, by their time index).
 */
import {
  type AnalyticsBreakdowns,
  type AnalyticsCount,
  type AnalyticsFunnelRow,
  type AnalyticsLive,
  type AnalyticsReport,
  type AnalyticsTotals,
  CONVERSION_KINDS,
  type ConversionKind,
  emptyBreakdowns,
  noConversions,
} from "./analytics-api-types.ts";
import { eachDay, type ResolvedRange } from "./analytics-range.ts";
import type { AnalyticsStore, DailyRow, Increments } from "./analytics-store.ts";
import { DIRECT } from "./counted-event.ts";

export const TOP_LIST_LENGTH = 20;
export const LIVE_MINUTES = 30;
const MINUTE = 60_000;

const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

function totalsOf(
  sums: Partial<Increments> | undefined,
  conversions: Record<ConversionKind, number>,
): AnalyticsTotals {
  const visitors = Number(sums?.visitors ?? 0);
  return {
    visitors,
    views: Number(sums?.views ?? 0),
    visitSeconds: Math.round(ratio(Number(sums?.seconds ?? 0), visitors)),
    scrollDepth: Math.round(ratio(Number(sums?.scrollSum ?? 0), Number(sums?.scrollViews ?? 0))),
    conversions,
    conversionRate: ratio(Number(sums?.booked ?? 0), visitors),
  };
}

const BREAKDOWN_OF: Record<string, [keyof AnalyticsBreakdowns, "visitors" | "views" | "events"]> = {
  referrer: ["referrers", "visitors"],
  utm_source: ["utmSources", "visitors"],
  utm_medium: ["utmMediums", "visitors"],
  utm_campaign: ["utmCampaigns", "visitors"],
  page: ["pages", "views"],
  section: ["sections", "events"],
  device: ["devices", "visitors"],
  browser: ["browsers", "visitors"],
  language: ["languages", "visitors"],
  time_zone: ["timeZones", "visitors"],
};

function topOf(counts: Map<string, number>): AnalyticsCount[] {
  return [...counts]
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, TOP_LIST_LENGTH)
    .map(([name, count]) => ({ name, count }));
}

function funnelRow(source: string, row: Partial<Increments>): AnalyticsFunnelRow {
  const visitors = Number(row.visitors ?? 0);
  const booked = Number(row.booked ?? 0);
  return {
    source,
    visitors,
    bookingPage: Number(row.bookingPage ?? 0),
    booked,
    rate: ratio(booked, visitors),
  };
}

export function createAnalyticsReader(store: AnalyticsStore, now: () => number) {
  function conversionsBetween(from: string, to: string): Record<ConversionKind, number> {
    const counts = noConversions();
    for (const row of store.conversionsByDay(from, to)) {
      if ((CONVERSION_KINDS as readonly string[]).includes(row.value)) {
        counts[row.value as ConversionKind] += Number(row.events);
      }
    }
    return counts;
  }

  function breakdownsOf(rows: DailyRow[]): {
    breakdowns: AnalyticsBreakdowns;
    sources: DailyRow[];
  } {
    const lists = new Map<keyof AnalyticsBreakdowns, Map<string, number>>();
    const sources: DailyRow[] = [];
    for (const row of rows) {
      if (row.dimension === "source") sources.push(row);
      const target = BREAKDOWN_OF[row.dimension];
      if (target === undefined) continue;
      const [list, column] = target;
      const counts = lists.get(list) ?? new Map<string, number>();
      lists.set(list, counts);
      counts.set(row.value, Number(row[column]));
    }
    const breakdowns = emptyBreakdowns();
    for (const [list, counts] of lists) breakdowns[list] = topOf(counts);
    return { breakdowns, sources };
  }

  function series(range: ResolvedRange): AnalyticsReport["series"] {
    if (range.range === "today") {
      const day = range.period.from;
      const hours = new Map(
        store.hoursBetween(`${day}T00:00`, `${day}T23:00`).map((row) => [row.hour, row]),
      );
      return Array.from({ length: 24 }, (_, index) => {
        const start = `${day}T${String(index).padStart(2, "0")}:00`;
        const row = hours.get(start);
        return {
          start,
          visitors: Number(row?.visitors ?? 0),
          views: Number(row?.views ?? 0),
          conversions: Number(row?.events ?? 0),
        };
      });
    }
    const days = new Map(
      store.dailyTotals(range.period.from, range.period.to).map((row) => [row.day, row]),
    );
    return eachDay(range.period).map((start) => {
      const row = days.get(start);
      return {
        start,
        visitors: Number(row?.visitors ?? 0),
        views: Number(row?.views ?? 0),
        conversions: Number(row?.events ?? 0),
      };
    });
  }

  return {
    report(range: ResolvedRange, zone: string): AnalyticsReport {
      const { period, previousPeriod } = range;
      const sums = store.totalsBetween(period.from, period.to);
      const { breakdowns, sources } = breakdownsOf(store.dimensionsBetween(period.from, period.to));
      return {
        zone,
        range: range.range,
        period,
        previousPeriod,
        totals: totalsOf(sums, conversionsBetween(period.from, period.to)),
        previousTotals: totalsOf(
          store.totalsBetween(previousPeriod.from, previousPeriod.to),
          conversionsBetween(previousPeriod.from, previousPeriod.to),
        ),
        series: series(range),
        breakdowns,
        funnel: {
          total: funnelRow("(all)", sums ?? {}),
          bySource: sources
            .map((row) => funnelRow(row.value, row))
            .sort(
              (a, b) =>
                b.visitors - a.visitors ||
                b.booked - a.booked ||
                b.bookingPage - a.bookingPage ||
                (a.source < b.source ? -1 : 1),
            )
            .slice(0, TOP_LIST_LENGTH),
        },
      };
    },

    live(): AnalyticsLive {
      const since = Math.floor(now() / MINUTE) * MINUTE - (LIVE_MINUTES - 1) * MINUTE;
      const visitors = new Set<string>();
      const perMinute = new Map<number, number>();
      const pages = new Map<string, number>();
      // Each visitor's source is that of their first view in the window, as in the report.
      const firstViews = new Map<string, { at: number; referrer: string }>();
      let views = 0;
      for (const event of store.eventsSince(since)) {
        if (event.kind !== "view") continue;
        views += 1;
        visitors.add(event.visitor);
        const minute = Math.floor(Number(event.at) / MINUTE) * MINUTE;
        perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
        pages.set(event.path, (pages.get(event.path) ?? 0) + 1);
        const first = firstViews.get(event.visitor);
        if (first === undefined || Number(event.at) < first.at) {
          firstViews.set(event.visitor, { at: Number(event.at), referrer: event.referrer });
        }
      }
      const referrers = new Map<string, number>();
      for (const { referrer } of firstViews.values()) {
        const source = referrer === "" ? DIRECT : referrer;
        referrers.set(source, (referrers.get(source) ?? 0) + 1);
      }
      return {
        visitors: visitors.size,
        views,
        minutes: Array.from({ length: LIVE_MINUTES }, (_, index) => {
          const at = since + index * MINUTE;
          return { at, views: perMinute.get(at) ?? 0 };
        }),
        pages: topOf(pages),
        referrers: topOf(referrers),
      };
    },

    /** One row a day: the totals and each conversion. */
    dailyCsv(range: ResolvedRange): string {
      const days = new Map(
        store.dailyTotals(range.period.from, range.period.to).map((row) => [row.day, row]),
      );
      const conversions = new Map<string, number>();
      for (const row of store.conversionsByDay(range.period.from, range.period.to)) {
        conversions.set(`${row.day} ${row.value}`, Number(row.events));
      }
      const header = [
        "day",
        "visitors",
        "views",
        "visit_seconds",
        "scroll_depth",
        ...CONVERSION_KINDS,
        "booking_page_visitors",
        "booked_visitors",
      ];
      const lines = [header.join(",")];
      for (const day of eachDay(range.period)) {
        const row = days.get(day);
        const totals = totalsOf(row, noConversions());
        lines.push(
          [
            day,
            totals.visitors,
            totals.views,
            totals.visitSeconds,
            totals.scrollDepth,
            ...CONVERSION_KINDS.map((kind) => conversions.get(`${day} ${kind}`) ?? 0),
            Number(row?.bookingPage ?? 0),
            Number(row?.booked ?? 0),
          ].join(","),
        );
      }
      return `${lines.join("\r\n")}\r\n`;
    },
  };
}

export type AnalyticsFigures = ReturnType<typeof createAnalyticsReader>;
