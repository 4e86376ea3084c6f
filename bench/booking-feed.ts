/**
 * @module The booking section's figure: `listAvailabilityTimeSlots` over 30 days of a service
 * with 200 bookings while the owner's calendar feed holds 2,000 events (single, weekly recurring,
 * all-day, in other zones), against the same store's call without the feed (the baseline, in the
 * same run). The store runs in-process on SQLite and is called through `inject`; the feed is
 * served by a local HTTP server.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  createAccessStore,
  createApiKeys,
  createApp,
  openTestDb,
} from "../apps/store/src/main/testing.ts";

export type BookingFeedResult = {
  days: number;
  bookings: number;
  feedEvents: number;
  samples: number;
  /** Milliseconds per call with the feed, and without it (the baseline). */
  withFeed: { p50: number; p95: number };
  withoutFeed: { p50: number; p95: number };
  /** Saving the feed's address: fetched, read and kept (diagnostic). */
  feedSaveMs: number;
  /** The first slot list after it: the feed expanded into busy time on this node (diagnostic). */
  firstListMs: number;
};

const DAY = 86_400_000;
const ZONES = ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "UTC"];
const pad = (value: number) => String(value).padStart(2, "0");
const stamp = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`;
};

/** 2,000 events from `from` over 35 days: 1,400 single (a fourth in each zone), 400 weekly, 200 all-day. */
export function benchCalendar(from: number, events = 2000): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//bench//feed//EN"];
  for (let index = 0; index < events; index++) {
    const start = from + ((index * 7919) % (35 * 24)) * 3_600_000;
    lines.push("BEGIN:VEVENT", `UID:bench-${index}@bench`);
    if (index % 10 === 9) {
      const day = stamp(start).slice(0, 8);
      lines.push(`DTSTART;VALUE=DATE:${day}`);
    } else {
      const zone = ZONES[index % ZONES.length] as string;
      const spec = zone === "UTC" ? "" : `;TZID=${zone}`;
      const suffix = zone === "UTC" ? "Z" : "";
      lines.push(
        `DTSTART${spec}:${stamp(start)}${suffix}`,
        `DTEND${spec}:${stamp(start + 3_600_000)}${suffix}`,
      );
      if (index % 5 === 0) lines.push("RRULE:FREQ=WEEKLY;COUNT=6");
    }
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.join("\r\n");
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

export async function measureBookingFeed(samples = 200): Promise<BookingFeedResult> {
  const db = openTestDb();
  const now = Math.floor(Date.now() / DAY) * DAY;
  const app = createApp({
    db,
    config: { clientId: "bench", signingKey: new Uint8Array(32).fill(3) },
    now: () => now,
  });
  const owner = { authorization: createApiKeys(createAccessStore(db)).rotate() };
  const call = async (method: "GET" | "POST" | "PUT", url: string, payload?: object) => {
    const response = await app.inject({ method, url, headers: owner, payload });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.body.slice(0, 300)}`);
    return response.json() as Record<string, unknown>;
  };
  const calendar = benchCalendar(now);
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/calendar" }).end(calendar);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const weekly = ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"].map((day) => ({
      day,
      start: "08:00",
      end: "20:00",
    }));
    await call("PUT", "/_api/bookings-consultant/v1/schedule", {
      schedule: { timeZone: "Europe/Berlin", weekly, overrides: [] },
    });
    const policy = await call("POST", "/bookings/v1/booking-policies", {
      bookingPolicy: { limitLateBookingPolicy: { enabled: false } },
    });
    const service = await call("POST", "/bookings/v2/services", {
      service: {
        name: "Bench call",
        bookingPolicy: { id: (policy.bookingPolicy as { id: string }).id },
        schedule: { availabilityConstraints: { sessionDurations: [30] } },
      },
    });
    const serviceId = (service.service as { id: string }).id;
    const from = new Date(now + DAY).toISOString().slice(0, 19);
    const to = new Date(now + 31 * DAY).toISOString().slice(0, 19);
    const list = { serviceId, fromLocalDate: from, toLocalDate: to, timeZone: "UTC" };
    const slots = (await call("POST", "/_api/service-availability/v2/time-slots", list))
      .timeSlots as { localStartDate: string; localEndDate: string }[];
    const step = Math.floor(slots.length / 200);
    for (let index = 0; index < 200; index++) {
      const slot = slots[index * step] as { localStartDate: string; localEndDate: string };
      await call("POST", "/_api/bookings-service/v2/bookings", {
        booking: {
          bookedEntity: {
            slot: {
              serviceId,
              startDate: `${slot.localStartDate}Z`,
              endDate: `${slot.localEndDate}Z`,
            },
          },
          contactDetails: { firstName: "Bench", email: `b${index}@bench.example` },
        },
      });
    }
    const time = async () => {
      const started = performance.now();
      await call("POST", "/_api/service-availability/v2/time-slots", list);
      return performance.now() - started;
    };
    const run = async () => {
      for (let warm = 0; warm < 20; warm++) await time();
      const taken: number[] = [];
      for (let sample = 0; sample < samples; sample++) taken.push(await time());
      taken.sort((a, b) => a - b);
      return { p50: percentile(taken, 50), p95: percentile(taken, 95) };
    };
    const withoutFeed = await run();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/owner.ics`;
    const saveStarted = performance.now();
    const saved = await call("PUT", "/_api/bookings-consultant/v1/calendar-feed", {
      calendarFeed: { url },
    });
    const feedSaveMs = performance.now() - saveStarted;
    const feed = saved.calendarFeed as { lastError: string | null; eventCount: number };
    if (feed.lastError !== null || feed.eventCount !== 2000) {
      throw new Error(`the feed was not read: ${JSON.stringify(feed)}`);
    }
    const firstListMs = await time();
    const withFeed = await run();
    return {
      days: 30,
      bookings: 200,
      feedEvents: feed.eventCount,
      samples,
      withFeed,
      withoutFeed,
      feedSaveMs,
      firstListMs,
    };
  } finally {
    server.close();
    await app.close();
  }
}
