import type { AnalyticsLive, AnalyticsReport } from "@consultant/site-content/wire";
import { afterEach, describe, expect, test } from "vitest";
import {
  DESKTOP_CHROME,
  GOOGLEBOT,
  HEADLESS_CHROME,
  IPHONE_SAFARI,
  sendBeacon,
  staffGet,
  storedEvents,
  visitorGet,
} from "../main/test-kit/analytics-kit.ts";
import { createOwnerKit, type OwnerKit, type SignedIn } from "../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

const view = (more: Record<string, unknown> = {}) => ({
  k: "v",
  p: "/",
  r: "",
  z: "Europe/Berlin",
  g: "de-DE",
  ...more,
});

async function report(owner: SignedIn, range = "today"): Promise<AnalyticsReport> {
  const response = await staffGet(kit, `/admin/api/analytics/report?range=${range}`, owner);
  expect(response.statusCode).toBe(200);
  return response.json() as AnalyticsReport;
}

describe("counting visits", () => {
  test("visitors and views: the same visitor twice is one visitor, another address or browser another", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const first = await sendBeacon(kit.app, view({ r: "https://www.linkedin.com/feed/" }));
    expect(first.statusCode).toBe(204);
    expect(first.headers["set-cookie"]).toBeUndefined();
    await sendBeacon(kit.app, view());
    await sendBeacon(
      kit.app,
      view({ p: "/?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring" }),
      {
        ip: "198.51.100.2",
      },
    );
    await sendBeacon(kit.app, view({ g: "en-GB", z: "America/New_York" }), {
      userAgent: IPHONE_SAFARI,
    });

    const figures = await report(owner);
    expect(figures.totals).toMatchObject({ visitors: 3, views: 4 });
    expect(figures.breakdowns.referrers).toEqual([
      { name: "(direct)", count: 2 },
      { name: "linkedin.com", count: 1 },
    ]);
    expect(figures.breakdowns.utmSources).toEqual([{ name: "newsletter", count: 1 }]);
    expect(figures.breakdowns.utmMediums).toEqual([{ name: "email", count: 1 }]);
    expect(figures.breakdowns.utmCampaigns).toEqual([{ name: "Spring", count: 1 }]);
    expect(figures.breakdowns.devices).toEqual([
      { name: "desktop", count: 2 },
      { name: "mobile", count: 1 },
    ]);
    expect(figures.breakdowns.browsers).toEqual([
      { name: "Chrome", count: 2 },
      { name: "Safari", count: 1 },
    ]);
    expect(figures.breakdowns.languages).toEqual([
      { name: "de", count: 2 },
      { name: "en", count: 1 },
    ]);
    expect(figures.breakdowns.timeZones).toEqual([
      { name: "Europe/Berlin", count: 2 },
      { name: "America/New_York", count: 1 },
    ]);
    expect(figures.breakdowns.pages).toEqual([{ name: "/", count: 4 }]);
    expect(figures.series.find((point) => point.start === "2025-03-01T09:00")).toMatchObject({
      visitors: 3,
      views: 4,
    });
  });

  test("the end of a view brings the sections read, the scroll depth and the time on the page", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    await sendBeacon(kit.app, view());
    await sendBeacon(kit.app, { k: "l", p: "/", s: ["home", "about", "services"], d: 80, t: 90 });
    await sendBeacon(kit.app, view(), { ip: "198.51.100.9" });
    await sendBeacon(
      kit.app,
      { k: "l", p: "/", s: ["home"], d: 20, t: 30 },
      { ip: "198.51.100.9" },
    );
    const figures = await report(owner);
    expect(figures.totals).toMatchObject({
      visitors: 2,
      views: 2,
      visitSeconds: 60,
      scrollDepth: 50,
    });
    expect(figures.breakdowns.sections).toEqual([
      { name: "home", count: 2 },
      { name: "about", count: 1 },
      { name: "services", count: 1 },
    ]);
  });

  test("the site reached as www., or through another port, is one site: one visitor", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    for (const host of [
      "consultant.example",
      "www.consultant.example",
      "consultant.example:8080",
    ]) {
      await sendBeacon(kit.app, view(), { headers: { host } });
    }
    expect((await report(owner)).totals).toMatchObject({ visitors: 1, views: 3 });
  });

  test("the live view counts each visitor once under the source of their first view", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const flooder = { ip: "198.51.100.7" };
    for (let index = 0; index < 5; index++) {
      await sendBeacon(kit.app, view({ r: "https://flood.example/" }), flooder);
    }
    await sendBeacon(kit.app, view({ r: "https://news.example/" }), flooder);
    await sendBeacon(kit.app, view(), { ip: "198.51.100.8" });
    kit.app.analytics.flush();
    const response = await staffGet(kit, "/admin/api/analytics/live", owner);
    const live = response.json() as AnalyticsLive;
    expect([live.visitors, live.views]).toEqual([2, 7]);
    expect(live.referrers).toEqual([
      { name: "(direct)", count: 1 },
      { name: "flood.example", count: 1 },
    ]);
  });

  test("the <noscript> pixel counts a visitor without JavaScript and answers a GIF", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const pixel = await visitorGet(kit.app, "/a/p.gif?p=/", {
      headers: { "accept-language": "fr-FR,fr;q=0.9" },
    });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers["content-type"]).toBe("image/gif");
    expect(pixel.headers["set-cookie"]).toBeUndefined();
    const figures = await report(owner);
    expect(figures.totals).toMatchObject({ visitors: 1, views: 1 });
    expect(figures.breakdowns.languages).toEqual([{ name: "fr", count: 1 }]);
  });

  test("bots, headless browsers, prefetches and the owner's own visits are not counted", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    for (const userAgent of [GOOGLEBOT, HEADLESS_CHROME, ""]) {
      expect((await sendBeacon(kit.app, view(), { userAgent })).statusCode).toBe(204);
      await visitorGet(kit.app, "/a/p.gif?p=/", { userAgent });
    }
    await visitorGet(kit.app, "/a/p.gif?p=/", { headers: { "sec-purpose": "prefetch;prerender" } });
    await visitorGet(kit.app, "/a/p.gif?p=/", { headers: { purpose: "prefetch" } });
    await sendBeacon(kit.app, view(), { cookie: owner.cookie });
    expect(storedEvents(kit.app, kit.db)).toBe(0);
    expect((await report(owner)).totals.visitors).toBe(0);
    await sendBeacon(kit.app, view(), { userAgent: DESKTOP_CHROME });
    expect(storedEvents(kit.app, kit.db)).toBe(1);
  });

  test("a referrer from the site itself is no source, and referrer spam is not counted at all", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    await sendBeacon(kit.app, view({ r: "https://consultant.example/#about" }));
    expect(
      (await sendBeacon(kit.app, view({ r: "https://semalt.com/" }), { ip: "198.51.100.3" }))
        .statusCode,
    ).toBe(204);
    await sendBeacon(kit.app, view({ r: "http://best.priceg.com/x" }), { ip: "198.51.100.4" });
    const figures = await report(owner);
    expect(figures.totals.visitors).toBe(1);
    expect(figures.breakdowns.referrers).toEqual([{ name: "(direct)", count: 1 }]);
  });
});
