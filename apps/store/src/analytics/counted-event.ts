/**
 * @module One counted event as the counter stores it: a view, a view's end, or one of the
 * conversions the server counts; the visitor is the day's hashed id (visitor-id.ts).
 */
import type { ConversionKind } from "./analytics-api-types.ts";

export type EventKind = "view" | "leave" | ConversionKind;

export type CountedEvent = {
  at: number;
  /** The owner-zone day and hour (`YYYY-MM-DD`, `YYYY-MM-DDTHH:00`) of `at`. */
  day: string;
  hour: string;
  kind: EventKind;
  visitor: string;
  path: string;
  /** The referring host, "" for none or the site itself. */
  referrer: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  device: string;
  browser: string;
  language: string;
  timeZone: string;
  sections: string[];
  scroll: number | null;
  seconds: number | null;
};

export const DIRECT = "(direct)";

/** The source a visitor-day is credited to: its UTM source, else the referring host. */
export function sourceOf(event: Pick<CountedEvent, "utmSource" | "referrer">): string {
  return event.utmSource || event.referrer || DIRECT;
}
