/**
 * @module The wire types of the dashboard's read routes, written once in
 * `@consultant/site-content/wire` (docs/architecture.md, "One-way imports") so the editor reads
 * the shapes the store answers; the analytics wing takes them from here, plus empty figures.
 */
import {
  type AnalyticsBreakdowns,
  type AnalyticsTotals,
  CONVERSION_KINDS,
  type ConversionKind,
} from "@consultant/site-content/wire";

export {
  ANALYTICS_API,
  type AnalyticsBreakdowns,
  type AnalyticsCount,
  type AnalyticsFunnel,
  type AnalyticsFunnelRow,
  type AnalyticsLive,
  type AnalyticsPeriod,
  type AnalyticsPoint,
  type AnalyticsRange,
  type AnalyticsReport,
  type AnalyticsSettings,
  type AnalyticsTotals,
  CONVERSION_KINDS,
  type ConversionKind,
} from "@consultant/site-content/wire";

export function noConversions(): Record<ConversionKind, number> {
  return Object.fromEntries(CONVERSION_KINDS.map((kind) => [kind, 0])) as Record<
    ConversionKind,
    number
  >;
}

export function emptyTotals(): AnalyticsTotals {
  return {
    visitors: 0,
    views: 0,
    visitSeconds: 0,
    scrollDepth: 0,
    conversions: noConversions(),
    conversionRate: 0,
  };
}

export function emptyBreakdowns(): AnalyticsBreakdowns {
  return {
    referrers: [],
    utmSources: [],
    utmMediums: [],
    utmCampaigns: [],
    pages: [],
    sections: [],
    devices: [],
    browsers: [],
    languages: [],
    timeZones: [],
  };
}
