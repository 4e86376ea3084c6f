/**
 * The store's report as the dashboard shows it: the headline cards, the chart over time, the
 * funnel's bars. Names the store sends (`(direct)`, `mobile`) get the words an owner reads.
 */
import type {
  AnalyticsCount,
  AnalyticsPoint,
  AnalyticsReport,
  AnalyticsTotals,
  ConversionKind,
} from "@consultant/site-content/wire";
import type { BreakdownRow } from "./breakdown-table.tsx";
import type { ChartSpec } from "./chart-spec.ts";
import type { FigureCard } from "./figure-cards.tsx";
import { formatCount, formatDuration, formatRate } from "./figures.ts";

export const CONVERSION_LABELS: Record<ConversionKind, string> = {
  bookingPageOpened: "Booking page opened",
  bookingMade: "Bookings made",
  contactMessage: "Contact messages",
  clientSignUp: "Client sign-ups",
  bookingLinkClicked: "Booking link clicks",
};

const NAMES: Record<string, string> = {
  "(direct)": "Direct (no referrer)",
  "(none)": "None",
  "(unknown)": "Unknown",
  desktop: "Desktop",
  mobile: "Phone",
  tablet: "Tablet",
};

export function nameOf(name: string): string {
  return NAMES[name] ?? name;
}

export function rowsOf(counts: readonly AnalyticsCount[]): BreakdownRow[] {
  return counts.map((count) => ({ label: nameOf(count.name), visitors: count.count }));
}

function conversionsOf(totals: AnalyticsTotals): number {
  return Object.values(totals.conversions).reduce((sum, count) => sum + count, 0);
}

/** Visitors, views, visit length, conversions and the booking rate, each against the period before. */
export function headlineCards(report: AnalyticsReport): FigureCard[] {
  const now = report.totals;
  const before = report.previousTotals;
  const card = (label: string, current: number, previous: number, show: (n: number) => string) => ({
    label,
    current,
    previous,
    value: show(current),
    previousValue: show(previous),
  });
  return [
    card("Visitors", now.visitors, before.visitors, formatCount),
    card("Page views", now.views, before.views, formatCount),
    card("Visit length", now.visitSeconds, before.visitSeconds, formatDuration),
    card("Conversions", conversionsOf(now), conversionsOf(before), formatCount),
    card("Booked", now.conversions.bookingMade, before.conversions.bookingMade, formatCount),
    {
      label: "Booking rate",
      current: Math.round(now.conversionRate * 1000),
      previous: Math.round(before.conversionRate * 1000),
      value: formatRate(now.conversionRate, 1),
      previousValue: formatRate(before.conversionRate, 1),
    },
  ];
}

/** Each conversion with its count and its share of the visitors. */
export function conversionRows(totals: AnalyticsTotals, previous: AnalyticsTotals) {
  return (Object.keys(CONVERSION_LABELS) as ConversionKind[]).map((kind) => ({
    kind,
    label: CONVERSION_LABELS[kind],
    count: totals.conversions[kind],
    previous: previous.conversions[kind],
    rate: formatRate(totals.conversions[kind], totals.visitors),
  }));
}

const DAY = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", timeZone: "UTC" });

/** `2026-03-02` → "2 Mar"; `2026-03-02T14:00` → "14:00". */
export function pointLabel(start: string): string {
  if (start.includes("T")) return start.slice(11, 16);
  return DAY.format(Date.parse(`${start}T00:00:00Z`));
}

export function seriesChart(points: readonly AnalyticsPoint[]): ChartSpec {
  return {
    kind: "lines",
    xLabels: points.map((point) => pointLabel(point.start)),
    series: [
      { label: "Visitors", values: points.map((point) => point.visitors) },
      { label: "Page views", values: points.map((point) => point.views) },
    ],
  };
}

export function funnelChart(report: AnalyticsReport): ChartSpec {
  const total = report.funnel.total;
  return {
    kind: "bars",
    xLabels: ["Visited", "Went to book", "Booked"],
    series: [{ label: "Visitors", values: [total.visitors, total.bookingPage, total.booked] }],
  };
}
