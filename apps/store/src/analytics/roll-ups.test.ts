import type { AnalyticsReport } from "@consultant/site-content/wire";
import { afterEach, describe, expect, test } from "vitest";
import { sendBeacon, staffGet } from "../main/test-kit/analytics-kit.ts";
import { injectCall, setUpBooking } from "../main/test-kit/booking-kit.ts";
import {
  createOwnerKit,
  type OwnerKit,
  ownerHeaders,
  type SignedIn,
} from "../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

const view = { k: "v", p: "/", r: "", z: "America/New_York", g: "en" };

async function report(owner: SignedIn, query: string): Promise<AnalyticsReport> {
  const response = await staffGet(kit, `/admin/api/analytics/report?${query}`, owner);
  expect(response.statusCode).toBe(200);
  return response.json() as AnalyticsReport;
}

function storedVisitorDays(): { day: string; visitor: string }[] {
  kit.app.analytics.flush();
  return kit.db.prepare("SELECT day, visitor FROM analytics_visitors ORDER BY day").all() as {
    day: string;
    visitor: string;
  }[];
}

describe("roll-ups in the owner's zone", () => {
  test("a visit either side of the owner's midnight counts on two days, as two visitors with a new salt", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    await setUpBooking(injectCall(kit.app), ownerHeaders(owner), { timeZone: "America/New_York" });
    // 23:59 on 28 February in New York (UTC-5), then 00:01 on 1 March.
    kit.clock.ms = Date.parse("2025-03-01T04:59:00Z");
    await sendBeacon(kit.app, view);
    await sendBeacon(kit.app, view);
    kit.clock.ms = Date.parse("2025-03-01T05:01:00Z");
    await sendBeacon(kit.app, view);

    const days = storedVisitorDays();
    expect(days.map((row) => row.day)).toEqual(["2025-02-28", "2025-03-01"]);
    expect(days[0]?.visitor).not.toBe(days[1]?.visitor);
    const salts = kit.db.prepare("SELECT day FROM analytics_salts").all();
    expect(salts).toEqual([{ day: "2025-03-01" }]);

    const week = await report(owner, "range=7d");
    expect(week.zone).toBe("America/New_York");
    expect(week.period).toEqual({ from: "2025-02-23", to: "2025-03-01" });
    expect(week.totals).toMatchObject({ visitors: 2, views: 3 });
    expect(week.series.slice(-2)).toEqual([
      { start: "2025-02-28", visitors: 1, views: 2, conversions: 0 },
      { start: "2025-03-01", visitors: 1, views: 1, conversions: 0 },
    ]);
    const today = await report(owner, "range=today");
    expect(today.series[0]).toEqual({
      start: "2025-03-01T00:00",
      visitors: 1,
      views: 1,
      conversions: 0,
    });
    const before = await report(owner, "range=custom&from=2025-02-28&to=2025-02-28");
    expect(before.totals).toMatchObject({ visitors: 1, views: 2 });
    expect(before.previousPeriod).toEqual({ from: "2025-02-27", to: "2025-02-27" });
    const csv = await staffGet(
      kit,
      "/admin/api/analytics/daily.csv?range=custom&from=2025-02-28&to=2025-03-01",
      owner,
    );
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n").slice(1, 3)).toEqual([
      "2025-02-28,1,2,0,0,0,0,0,0,0,0,0",
      "2025-03-01,1,1,0,0,0,0,0,0,0,0,0",
    ]);
  });

  test("an hour later the same visitor counts in the new hour's visitors, not again in the day's", async () => {
    kit = await createOwnerKit();
    kit.clock.ms = Date.parse("2025-03-01T10:15:00Z");
    await sendBeacon(kit.app, view);
    kit.clock.ms = Date.parse("2025-03-01T11:20:00Z");
    await sendBeacon(kit.app, view);
    await sendBeacon(kit.app, view);
    const owner = await kit.signedIn();
    const today = await report(owner, "range=today");
    expect(today.totals).toMatchObject({ visitors: 1, views: 3 });
    expect(today.series[10]).toMatchObject({ visitors: 1, views: 1 });
    expect(today.series[11]).toMatchObject({ visitors: 1, views: 2 });
  });

  test("raw events past the owner's retention are dropped at the day's turn; the roll-ups stay", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    await sendBeacon(kit.app, view);
    const put = await kit.asOwner(owner, {
      method: "PUT",
      url: "/admin/api/analytics/settings",
      payload: { retentionDays: 2 },
    });
    expect(put.statusCode).toBe(200);
    kit.clock.ms += 2 * 86_400_000;
    await sendBeacon(kit.app, view);
    kit.app.analytics.flush();
    const events = kit.db.prepare("SELECT day FROM analytics_events").all();
    expect(events).toEqual([{ day: "2025-03-03" }]);
    const visitorDays = kit.db.prepare("SELECT day FROM analytics_visitors").all();
    expect(visitorDays).toEqual([{ day: "2025-03-03" }]);
    const again = await kit.signedIn();
    expect((await report(again, "range=7d")).totals).toMatchObject({ visitors: 2, views: 2 });
  });
});
