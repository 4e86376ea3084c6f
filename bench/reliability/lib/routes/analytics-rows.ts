/** @module First-party analytics: the counting routes (public) and the dashboard's reads (staff). */
import type { RouteRow } from "./route-row.ts";

/** What a counted visit may write: its event, visitor-day, roll-ups and the day's salt. */
const COUNTED = [
  "analytics_events",
  "analytics_visitors",
  "analytics_daily",
  "analytics_hourly",
  "analytics_salts",
] as const;

const BEACON = JSON.stringify({ k: "v", p: "/", r: "", z: "Europe/Berlin", g: "en" });

export const ANALYTICS_ROWS: RouteRow[] = [
  {
    name: "analytics beacon",
    method: "POST",
    pattern: "/a/e",
    access: { kind: "public" },
    example: () => ({ url: "/a/e", body: BEACON, headers: { "content-type": "text/plain" } }),
    mayWrite: COUNTED,
  },
  {
    name: "analytics pixel",
    method: "GET",
    pattern: "/a/p.gif",
    access: { kind: "public" },
    example: () => ({ url: "/a/p.gif?p=/" }),
    mayWrite: COUNTED,
  },
  {
    // No booking link is set in the reliability store: a 404 for everyone.
    name: "booking link redirect",
    method: "GET",
    pattern: "/go/booking",
    access: { kind: "public" },
    example: () => ({ url: "/go/booking" }),
    exampleFails: true,
    mayWrite: COUNTED,
  },
  {
    name: "analytics report",
    method: "GET",
    pattern: "/admin/api/analytics/report",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/analytics/report?range=30d" }),
  },
  {
    name: "analytics live",
    method: "GET",
    pattern: "/admin/api/analytics/live",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/analytics/live" }),
  },
  {
    name: "analytics daily csv",
    method: "GET",
    pattern: "/admin/api/analytics/daily.csv",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/analytics/daily.csv?range=7d" }),
  },
  {
    name: "analytics settings",
    method: "GET",
    pattern: "/admin/api/analytics/settings",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/analytics/settings" }),
  },
  {
    name: "analytics settings change",
    method: "PUT",
    pattern: "/admin/api/analytics/settings",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/analytics/settings", body: { retentionDays: 30 } }),
  },
];
