/**
 * @module The owner's calendar feed over the wire (docs/protocol.md §14.5, the store's own
 * calls): its address and what the last read found, a new address, a read on demand. The
 * owner's only (booking-access.ts): the address is a private calendar's secret link.
 */
import type { FastifyInstance } from "fastify";
import type { BookingAccess } from "./booking-access.ts";
import type { CalendarFeed, CalendarFeedStatus } from "./calendar-feed.ts";
import { objectAt } from "./wire-input.ts";

export const CALENDAR_FEED_PATH = "/_api/bookings-consultant/v1/calendar-feed";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function feedToWire(status: CalendarFeedStatus) {
  return {
    calendarFeed: {
      url: status.url,
      lastReadDate: iso(status.lastReadAt),
      lastGoodReadDate: iso(status.lastGoodAt),
      lastError: status.lastError,
      eventCount: status.eventCount,
    },
  };
}

export function calendarFeedRoutes(
  app: FastifyInstance,
  { feed, access }: { feed: CalendarFeed; access: BookingAccess },
) {
  app.get(CALENDAR_FEED_PATH, async (request) => {
    access.requireOwner(request);
    return feedToWire(feed.status());
  });
  app.put(CALENDAR_FEED_PATH, async (request) => {
    access.requireOwner(request);
    return feedToWire(await feed.setUrl(objectAt(request.body, "calendarFeed")));
  });
  app.post(`${CALENDAR_FEED_PATH}/read`, async (request) => {
    access.requireOwner(request);
    return feedToWire(await feed.readNow());
  });
}
