/**
 * @module First-party analytics as the store's read routes under `/admin/api/analytics` answer
 * them to the owner's dashboard (owner and collaborators; members never). Dates are days in the
 * owner's time zone (`YYYY-MM-DD`, both ends included); times are milliseconds since the epoch.
 * How each figure is counted: docs/analytics.md.
 */

/** Where the dashboard's routes live; `daily.csv` takes the same query as `report`. */
export const ANALYTICS_API = {
  report: "/admin/api/analytics/report",
  live: "/admin/api/analytics/live",
  dailyCsv: "/admin/api/analytics/daily.csv",
  settings: "/admin/api/analytics/settings",
} as const;

/**
 * `?range=` of `report` and `daily.csv`: today, the last 7 / 30 / 365 days (today included), or
 * `custom` with `&from=YYYY-MM-DD&to=YYYY-MM-DD` (at most 366 days).
 */
export const ANALYTICS_RANGES = ["today", "7d", "30d", "365d", "custom"] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

/** The conversions the server counts itself (no script needed). */
export const CONVERSION_KINDS = [
  "bookingPageOpened",
  "bookingMade",
  "contactMessage",
  "clientSignUp",
  "bookingLinkClicked",
] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];

/** A span of days in the owner's zone, both ends included. */
export type AnalyticsPeriod = { from: string; to: string };

export type AnalyticsTotals = {
  /** Daily visitors added up over the days (a visitor's id changes every day). */
  visitors: number;
  /** Page views (the beacon's and the `<noscript>` pixel's). */
  views: number;
  /** Average time a visitor spent on the pages in a day, in whole seconds. */
  visitSeconds: number;
  /** Average of the deepest point each view scrolled to, 0–100 (views that reported one). */
  scrollDepth: number;
  /** Each conversion's count over the period. */
  conversions: Record<ConversionKind, number>;
  /** Visitors who booked / visitors, 0–1 (the funnel's last step). */
  conversionRate: number;
};

/** One bar of the chart: an hour (`YYYY-MM-DDTHH:00`, owner's zone) for today, else a day. */
export type AnalyticsPoint = {
  start: string;
  visitors: number;
  views: number;
  /** All conversions together. */
  conversions: number;
};

/** One row of a top list, largest first; what `count` counts is said per list. */
export type AnalyticsCount = { name: string; count: number };

export type AnalyticsBreakdowns = {
  /** Visitors by the referring site's host (`(direct)` for none), at their first view of a day. */
  referrers: AnalyticsCount[];
  /** Visitors by `utm_source`, `utm_medium`, `utm_campaign` of their first view of a day. */
  utmSources: AnalyticsCount[];
  utmMediums: AnalyticsCount[];
  utmCampaigns: AnalyticsCount[];
  /** Views by page path. */
  pages: AnalyticsCount[];
  /** Views in which the page section (its `id`) came into view. */
  sections: AnalyticsCount[];
  /** Visitors by device (`desktop`, `mobile`, `tablet`), browser, language, time zone. */
  devices: AnalyticsCount[];
  browsers: AnalyticsCount[];
  languages: AnalyticsCount[];
  /** The browser's IANA zone (`Intl`), never looked up from an address. */
  timeZones: AnalyticsCount[];
};

export const FUNNEL_STEPS = ["visit", "bookingPage", "booked"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** A visitor-day reaching a step: visited, opened the booking page, booked. */
export type AnalyticsFunnelRow = {
  /** The entry source (referrer host or `utm_source`), `(all)` for the whole funnel. */
  source: string;
  visitors: number;
  bookingPage: number;
  booked: number;
  /** booked / visitors, 0–1. */
  rate: number;
};

export type AnalyticsFunnel = { total: AnalyticsFunnelRow; bySource: AnalyticsFunnelRow[] };

/** `GET /admin/api/analytics/report?range=…`. */
export type AnalyticsReport = {
  /** The owner's IANA zone the days are counted in. */
  zone: string;
  range: AnalyticsRange;
  period: AnalyticsPeriod;
  /** The period of the same length just before. */
  previousPeriod: AnalyticsPeriod;
  totals: AnalyticsTotals;
  previousTotals: AnalyticsTotals;
  series: AnalyticsPoint[];
  breakdowns: AnalyticsBreakdowns;
  funnel: AnalyticsFunnel;
};

/** `GET /admin/api/analytics/live`: the last 30 minutes, per minute, oldest first. */
export type AnalyticsLive = {
  visitors: number;
  views: number;
  minutes: { at: number; views: number }[];
  pages: AnalyticsCount[];
  referrers: AnalyticsCount[];
};

/** `GET` (owner and collaborators) and `PUT` (owner) `/admin/api/analytics/settings`. */
export type AnalyticsSettings = {
  /** Days raw events are kept before only the hourly and daily figures remain (1–365). */
  retentionDays: number;
  /** Read only: the owner's zone (the booking schedule's), in which days begin. */
  timeZone: string;
};
