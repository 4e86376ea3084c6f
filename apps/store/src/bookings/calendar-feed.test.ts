import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BookingCall, injectCall, setUpBooking } from "../main/test-kit/booking-kit.ts";
import { createTestApp, type TestApp } from "../main/test-kit/test-app.ts";
import { openTestDb } from "../main/test-kit/test-db.ts";
import { DEFAULT_BOOKINGS_CONFIG } from "./bookings-config.ts";
import { createCalendarFeed } from "./calendar-feed.ts";
import { createCalendarFeedStore } from "./calendar-feed-store.ts";

type Json = Record<string, unknown>;
const FEED = "/_api/bookings-consultant/v1/calendar-feed";

const NEW_YORK = `BEGIN:VTIMEZONE
TZID:Eastern Standard Time
BEGIN:STANDARD
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
END:STANDARD
BEGIN:DAYLIGHT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
END:DAYLIGHT
END:VTIMEZONE`;

const event = (uid: string, lines: string) => `BEGIN:VEVENT\nUID:${uid}\n${lines}\nEND:VEVENT`;

/** The owner works 09:00-17:00 in Berlin; each event blocks (or not) a known stretch. */
const CALENDAR = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//test//feed//EN",
  NEW_YORK,
  // Mondays 10:00-11:00 Berlin, four times (6th to 27th), but not on the 13th.
  event(
    "weekly",
    "DTSTART;TZID=Europe/Berlin:20250106T100000\nDTEND;TZID=Europe/Berlin:20250106T110000\nRRULE:FREQ=WEEKLY;COUNT=4\nEXDATE;TZID=Europe/Berlin:20250113T100000",
  ),
  // The 20th's occurrence moved to 14:00-15:00.
  event(
    "weekly",
    "RECURRENCE-ID;TZID=Europe/Berlin:20250120T100000\nDTSTART;TZID=Europe/Berlin:20250120T140000\nDTEND;TZID=Europe/Berlin:20250120T150000",
  ),
  // All day on Wednesday the 8th, on the owner's calendar.
  event("all-day", "DTSTART;VALUE=DATE:20250108\nDTEND;VALUE=DATE:20250109"),
  // 06:00-07:00 in New York (a Windows zone name with its VTIMEZONE) is 12:00-13:00 in Berlin.
  event(
    "new-york",
    "DTSTART;TZID=Eastern Standard Time:20250109T060000\nDTEND;TZID=Eastern Standard Time:20250109T070000",
  ),
  // Marked free: blocks nothing.
  event("free", "DTSTART:20250109T130000Z\nDTEND:20250109T140000Z\nTRANSP:TRANSPARENT"),
  // Floating: 15:00-16:00 on the owner's wall clock.
  event("floating", "DTSTART:20250110T150000\nDTEND:20250110T160000"),
  // UTC: 08:00-09:00Z is 09:00-10:00 in Berlin.
  event("utc", "DTSTART:20250110T080000Z\nDTEND:20250110T090000Z"),
  "END:VCALENDAR",
].join("\r\n");

let t: TestApp;
let call: BookingCall;
let owner: Record<string, string>;
let server: Server;
let served: { body: string; status: number; location?: string };
let hits: number;

function listen(): Promise<string> {
  hits = 0;
  server = createServer((_request, response) => {
    hits++;
    if (served.location) response.writeHead(302, { location: served.location }).end();
    else response.writeHead(served.status, { "content-type": "text/calendar" }).end(served.body);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/owner.ics`),
    ),
  );
}

beforeEach(() => {
  served = { body: CALENDAR, status: 200 };
  t = createTestApp();
  call = injectCall(t.app);
  owner = { authorization: t.apiKey };
});
afterEach(async () => {
  await t.app.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** Berlin slot starts (hh:mm) on `date` and whether each can be booked. */
async function slotsOn(serviceId: string, date: string) {
  const answer = await call("POST", "/_api/service-availability/v2/time-slots", {
    serviceId,
    fromLocalDate: `${date}T00:00:00`,
    toLocalDate: `${date}T23:59:00`,
    timeZone: "Europe/Berlin",
  });
  const slots = answer.json.timeSlots as Json[];
  return Object.fromEntries(
    slots.map((slot) => [String(slot.localStartDate).slice(11, 16), slot.bookable]),
  );
}

const feedOf = (json: Json) => json.calendarFeed as Json;

describe("the owner's calendar feed blocks slots", () => {
  it("blocks recurring, all-day, other-zone, floating and UTC events, not free ones or excluded dates", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    const url = await listen();
    const saved = await call("PUT", FEED, { calendarFeed: { url } }, owner);

    expect(saved.status).toBe(200);
    expect(feedOf(saved.json)).toMatchObject({ url, lastError: null, eventCount: 6 });
    const monday = await slotsOn(serviceId, "2025-01-06");
    expect([monday["09:30"], monday["10:00"], monday["10:30"], monday["11:00"]]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect((await slotsOn(serviceId, "2025-01-13"))["10:00"]).toBe(true);
    const moved = await slotsOn(serviceId, "2025-01-20");
    expect([moved["10:00"], moved["14:00"], moved["14:30"]]).toEqual([true, false, false]);
    expect((await slotsOn(serviceId, "2025-01-27"))["10:00"]).toBe(false);
    expect(Object.values(await slotsOn(serviceId, "2025-01-08"))).not.toContain(true);
    const thursday = await slotsOn(serviceId, "2025-01-09");
    expect([thursday["11:30"], thursday["12:00"], thursday["12:30"], thursday["13:00"]]).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(thursday["14:00"]).toBe(true);
    const friday = await slotsOn(serviceId, "2025-01-10");
    expect([friday["09:00"], friday["09:30"], friday["10:00"]]).toEqual([false, false, true]);
    expect([friday["14:30"], friday["15:00"], friday["15:30"], friday["16:00"]]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it("a visitor cannot book a time the calendar holds", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    await call("PUT", FEED, { calendarFeed: { url: await listen() } }, owner);
    const answer = await call("POST", "/_api/bookings-service/v2/bookings", {
      booking: {
        bookedEntity: {
          slot: {
            serviceId,
            startDate: "2025-01-06T09:00:00.000Z",
            endDate: "2025-01-06T09:30:00.000Z",
          },
        },
        contactDetails: { firstName: "V", email: "v@example.com" },
      },
    });
    expect(answer.status).toBe(409);
  });

  it("a broken or unreachable feed is shown to the owner and the last good copy keeps blocking", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    await call("PUT", FEED, { calendarFeed: { url: await listen() } }, owner);
    t.clock.ms += 60_000;

    served = { body: "<html>Sign in to see this calendar</html>", status: 200 };
    const broken = feedOf((await call("POST", `${FEED}/read`, {}, owner)).json);
    served = { body: "", status: 404 };
    const missing = feedOf((await call("POST", `${FEED}/read`, {}, owner)).json);
    await new Promise((resolve) => server.close(resolve));
    const url = String(feedOf((await call("GET", FEED, undefined, owner)).json).url);
    const down = feedOf((await call("PUT", FEED, { calendarFeed: { url } }, owner)).json);

    expect(broken.lastError).toMatch(/not an iCalendar file/);
    expect(missing.lastError).toBe("the feed answered HTTP 404");
    expect(down).toMatchObject({
      lastError: "the feed's server refused the connection",
      lastGoodReadDate: "2025-01-01T00:00:00.000Z",
      lastReadDate: "2025-01-01T00:01:00.000Z",
    });
    expect((await slotsOn(serviceId, "2025-01-06"))["10:00"]).toBe(false);
  });

  it("a bad address is refused beside its field and the feed is kept", async () => {
    await setUpBooking(call, owner);
    const url = await listen();
    await call("PUT", FEED, { calendarFeed: { url } }, owner);
    const refused = await call(
      "PUT",
      FEED,
      { calendarFeed: { url: "ftp://example.com/a" } },
      owner,
    );
    const kept = await call("GET", FEED, undefined, owner);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('"field":"url"');
    expect(feedOf(kept.json).url).toBe(url);
  });

  it("the feed's address and reads are the owner's: visitors and members are refused", async () => {
    const visitor = await call("GET", FEED);
    const member = await call(
      "PUT",
      FEED,
      { calendarFeed: { url: "https://example.com/a.ics" } },
      {
        authorization: await t.token(),
      },
    );
    expect([visitor.status, member.status]).toEqual([403, 403]);
  });
});

describe("a feed that would hold the store up is cut off", () => {
  it("one that does not answer in time or is larger than the cap is refused with its reason", async () => {
    await t.app.close();
    t = createTestApp({
      bookings: { feed: { ...DEFAULT_BOOKINGS_CONFIG.feed, timeoutMs: 300, maxBytes: 4096 } },
    });
    call = injectCall(t.app);
    owner = { authorization: t.apiKey };
    await setUpBooking(call, owner);
    const url = await listen();
    served = { body: `${CALENDAR}${" ".repeat(5000)}`, status: 200 };
    const large = feedOf((await call("PUT", FEED, { calendarFeed: { url } }, owner)).json);
    server.removeAllListeners("request");
    server.on("request", () => {
      // Never answers: the store gives up at its deadline.
    });
    const slow = feedOf((await call("POST", `${FEED}/read`, {}, owner)).json);

    expect(large.lastError).toBe("the feed is larger than 4096 bytes");
    expect(slow.lastError).toBe("the feed did not answer within 0.3 s");
    server.closeAllConnections();
  });
});

describe("a redirect cannot take the store's fetch to a private address", () => {
  it("a redirect from the owner's host to another host on the loopback or the metadata address is refused", async () => {
    await setUpBooking(call, owner);
    const url = await listen();
    const port = (server.address() as AddressInfo).port;
    served = { body: "", status: 302, location: `http://localhost:${port}/other.ics` };
    const loopback = feedOf((await call("PUT", FEED, { calendarFeed: { url } }, owner)).json);
    served = { body: "", status: 302, location: "http://169.254.169.254/latest/meta-data/" };
    const metadata = feedOf((await call("POST", `${FEED}/read`, {}, owner)).json);

    expect(loopback.lastError).toBe("localhost is not a public address");
    expect(metadata.lastError).toBe("169.254.169.254 is not a public address");
    expect(hits).toBe(2);
  });
});

describe("several nodes read the feed once per tick", () => {
  it("of two nodes on one database, one claims the tick and reads", async () => {
    const url = await listen();
    const db = openTestDb();
    const clock = { ms: Date.parse("2025-01-01T00:00:00Z") };
    const config = { ...DEFAULT_BOOKINGS_CONFIG };
    const node = () =>
      createCalendarFeed({
        store: createCalendarFeedStore(db),
        config,
        now: () => clock.ms,
        ownerZone: () => "Europe/Berlin",
      });
    const [first, second] = [node(), node()];
    await first.setUrl({ url });
    hits = 0;

    const read = await Promise.all([first.readIfDue(), second.readIfDue()]);
    clock.ms += config.feed.readEveryMs;
    const next = await Promise.all([second.readIfDue(), first.readIfDue()]);

    expect(read.filter(Boolean)).toHaveLength(1);
    expect(next.filter(Boolean)).toHaveLength(1);
    expect(hits).toBe(2);
    expect(
      second.busyBetween(Date.parse("2025-01-06T00:00Z"), Date.parse("2025-01-07T00:00Z")),
    ).toEqual([{ start: Date.parse("2025-01-06T09:00Z"), end: Date.parse("2025-01-06T10:00Z") }]);
    db.close();
  });
});
