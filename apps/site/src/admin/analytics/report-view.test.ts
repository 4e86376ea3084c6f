import type { AnalyticsReport, AnalyticsTotals } from "@consultant/site-content/wire";
import { expect, test } from "vitest";
import { conversionRows, funnelChart, headlineCards, pointLabel, rowsOf } from "./report-view.ts";

function totals(visitors: number, booked: number): AnalyticsTotals {
  return {
    visitors,
    views: visitors * 2,
    visitSeconds: 125,
    scrollDepth: 60,
    conversions: {
      bookingPageOpened: 10,
      bookingMade: booked,
      contactMessage: 3,
      clientSignUp: 1,
      bookingLinkClicked: 2,
    },
    conversionRate: visitors === 0 ? 0 : booked / visitors,
  };
}

const REPORT: AnalyticsReport = {
  zone: "Europe/Berlin",
  range: "7d",
  period: { from: "2026-02-24", to: "2026-03-02" },
  previousPeriod: { from: "2026-02-17", to: "2026-02-23" },
  totals: totals(200, 4),
  previousTotals: totals(100, 4),
  series: [],
  breakdowns: {
    referrers: [
      { name: "(direct)", count: 120 },
      { name: "www.linkedin.com", count: 80 },
    ],
    utmSources: [],
    utmMediums: [],
    utmCampaigns: [],
    pages: [],
    sections: [],
    devices: [{ name: "mobile", count: 90 }],
    browsers: [],
    languages: [],
    timeZones: [],
  },
  funnel: {
    total: { source: "(all)", visitors: 200, bookingPage: 10, booked: 4, rate: 0.02 },
    bySource: [],
  },
};

test("the headline cards read each figure and how it moved against the period before", () => {
  const cards = headlineCards(REPORT);
  expect(cards.map((card) => [card.label, card.value, card.previousValue])).toEqual([
    ["Visitors", "200", "100"],
    ["Page views", "400", "200"],
    ["Visit length", "2 min 5 s", "2 min 5 s"],
    ["Conversions", "20", "20"],
    ["Booked", "4", "4"],
    ["Booking rate", "2.0\u00a0%", "4.0\u00a0%"],
  ]);
});

test("each conversion's share is of the range's visitors", () => {
  const rows = conversionRows(REPORT.totals, REPORT.previousTotals);
  expect(rows.map((row) => [row.label, row.count, row.rate])).toEqual([
    ["Booking page opened", 10, "5.0\u00a0%"],
    ["Bookings made", 4, "2.0\u00a0%"],
    ["Contact messages", 3, "1.5\u00a0%"],
    ["Client sign-ups", 1, "0.5\u00a0%"],
    ["Booking link clicks", 2, "1.0\u00a0%"],
  ]);
});

test("the funnel's bars are the visitors at each step", () => {
  expect(funnelChart(REPORT)).toEqual({
    kind: "bars",
    xLabels: ["Visited", "Went to book", "Booked"],
    series: [{ label: "Visitors", values: [200, 10, 4] }],
  });
});

test("the store's names read as words, its hours and days as short labels", () => {
  expect(rowsOf(REPORT.breakdowns.referrers)).toEqual([
    { label: "Direct (no referrer)", visitors: 120 },
    { label: "www.linkedin.com", visitors: 80 },
  ]);
  expect(rowsOf(REPORT.breakdowns.devices)).toEqual([{ label: "Phone", visitors: 90 }]);
  expect(pointLabel("2026-03-02T14:00")).toBe("14:00");
  expect(pointLabel("2026-03-02")).toBe("Mar 2");
});
