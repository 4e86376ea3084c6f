import type { BookingFeedResult } from "../booking-feed.ts";
import { ms, ratio, ratioOf } from "./format.ts";
import { check, type ReportRow } from "./row.ts";

/** The goal for `listAvailabilityTimeSlots` with the feed (docs/bookings.md). */
export const SLOTS_WITH_FEED_GOAL_MS = 20;

export function bookingFeedRows(result: BookingFeedResult): ReportRow[] {
  const section = `Booking: listAvailabilityTimeSlots over ${result.days} days, ${result.bookings} bookings, in-process SQLite (${result.samples} calls each)`;
  const info = { baseline: "", ratio: "", goal: "", status: "info" } as const;
  return [
    {
      section,
      figure: `p50 with a ${result.feedEvents.toLocaleString("en-US")}-event calendar feed`,
      ours: ms(result.withFeed.p50),
      baseline: `no feed ${ms(result.withoutFeed.p50)}`,
      ratio: ratio(ratioOf(result.withFeed.p50, result.withoutFeed.p50)),
      goal: `≤ ${SLOTS_WITH_FEED_GOAL_MS} ms`,
      status: check(result.withFeed.p50 <= SLOTS_WITH_FEED_GOAL_MS),
    },
    {
      section,
      figure: "p95 with the feed",
      ours: ms(result.withFeed.p95),
      baseline: `no feed ${ms(result.withoutFeed.p95)}`,
      ratio: ratio(ratioOf(result.withFeed.p95, result.withoutFeed.p95)),
      goal: "",
      status: "info",
    },
    {
      section,
      figure: "Saving the feed (fetch, read, keep)",
      ours: ms(result.feedSaveMs),
      ...info,
    },
    {
      section,
      figure: "First list after a feed change (busy time expanded on this node)",
      ours: ms(result.firstListMs),
      ...info,
    },
  ];
}
