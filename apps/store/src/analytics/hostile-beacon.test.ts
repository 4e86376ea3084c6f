import { afterEach, describe, expect, test } from "vitest";
import { sendBeacon, staffGet, storedEvents, visitorGet } from "../main/test-kit/analytics-kit.ts";
import { createOwnerKit, type OwnerKit } from "../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

const codeOf = (response: { json: () => unknown }) =>
  (response.json() as { details: { applicationError?: { code: string } } }).details.applicationError
    ?.code;

const view = { k: "v", p: "/", r: "", z: "Europe/Berlin", g: "en" };

describe("a hostile beacon is refused cheaply and stores nothing", () => {
  test("an oversized beacon is refused before it is read", async () => {
    kit = await createOwnerKit();
    const response = await sendBeacon(kit.app, { ...view, s: [], pad: "x".repeat(2_000) });
    expect(response.statusCode).toBe(413);
    expect(storedEvents(kit.app, kit.db)).toBe(0);
  });

  test("malformed beacons are refused whole, naming the field", async () => {
    kit = await createOwnerKit();
    const cases: [string | Record<string, unknown>, string][] = [
      ["{not json", "body"],
      ["[1,2]", "body"],
      ["null", "body"],
      [{ ...view, k: "x" }, "k"],
      [{ ...view, p: "https://elsewhere.example/" }, "p"],
      [{ ...view, p: "//elsewhere.example/" }, "p"],
      [{ ...view, p: 42 }, "p"],
      [{ ...view, s: "home" }, "s"],
      [{ ...view, s: ["<script>"] }, "s"],
      [{ ...view, s: Array.from({ length: 30 }, (_, index) => `s${index}`) }, "s"],
      [{ ...view, d: 101 }, "d"],
      [{ ...view, t: -1 }, "t"],
      [{ ...view, t: 1.5 }, "t"],
    ];
    for (const [body, field] of cases) {
      const response = await sendBeacon(kit.app, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(`"field":"${field}"`);
    }
    expect(storedEvents(kit.app, kit.db)).toBe(0);
  });

  test("forged referrers are refused: not http(s), credentials, not a URL", async () => {
    kit = await createOwnerKit();
    for (const r of [
      "javascript:alert(1)",
      "data:text/html,hi",
      "https://user:pass@evil.example/",
      "not a url",
      `https://${"a".repeat(600)}.example/`,
    ]) {
      const response = await sendBeacon(kit.app, { ...view, r });
      expect(response.statusCode, r).toBe(400);
    }
    expect(storedEvents(kit.app, kit.db)).toBe(0);
  });

  test("a beacon another site sends, or one not sent as text, is refused unread", async () => {
    kit = await createOwnerKit();
    const foreign = await sendBeacon(kit.app, view, {
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(foreign.statusCode).toBe(403);
    expect(codeOf(foreign)).toBe("ANALYTICS_FOREIGN_BEACON");
    const json = await sendBeacon(kit.app, view, {
      headers: { "content-type": "application/json" },
    });
    expect(json.statusCode).toBe(403);
    expect(storedEvents(kit.app, kit.db)).toBe(0);
  });

  test("a flood from one address is turned away before any work; other visitors still count", async () => {
    kit = await createOwnerKit();
    const flooder = { ip: "203.0.113.66" };
    const answers: number[] = [];
    for (let index = 0; index < 125; index++) {
      answers.push((await sendBeacon(kit.app, view, flooder)).statusCode);
    }
    expect(answers.filter((status) => status === 204)).toHaveLength(120);
    const refused = await sendBeacon(kit.app, "{not even read", flooder);
    expect(refused.statusCode).toBe(429);
    expect(codeOf(refused)).toBe("ANALYTICS_FLOOD");
    // The pixel of the flooding address counts nothing either.
    await visitorGet(kit.app, "/a/p.gif?p=/", flooder);
    expect(storedEvents(kit.app, kit.db)).toBe(120);
    expect((await sendBeacon(kit.app, view, { ip: "198.51.100.20" })).statusCode).toBe(204);
    expect(storedEvents(kit.app, kit.db)).toBe(121);
    // A minute on, the address may count again.
    kit.clock.ms += 60_000;
    expect((await sendBeacon(kit.app, view, flooder)).statusCode).toBe(204);
  });
});

describe("another site cannot add to the owner's figures", () => {
  test("a page elsewhere embedding the pixel, or linking the booking link, counts nothing", async () => {
    kit = await createOwnerKit();
    kit.insert("SiteSettings", [{ _id: "site", bookingUrl: "https://scheduler.example/ana" }]);
    for (const site of ["cross-site", "same-site", "none"]) {
      const headers = { "sec-fetch-site": site, referer: "https://other.example/" };
      const pixel = await visitorGet(kit.app, "/a/p.gif?p=/", { headers });
      const link = await visitorGet(kit.app, "/go/booking", { headers });
      expect([pixel.statusCode, link.statusCode]).toEqual([200, 302]);
    }
    expect(storedEvents(kit.app, kit.db)).toBe(0);
    const own = { headers: { "sec-fetch-site": "same-origin" } };
    await visitorGet(kit.app, "/a/p.gif?p=/", own);
    await visitorGet(kit.app, "/go/booking", own);
    expect(storedEvents(kit.app, kit.db)).toBe(2);
  });
});

describe("a forged end of a view", () => {
  test("from a visitor with no view that day adds no time and no sections", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const end = { k: "l", p: "/", s: ["home"], d: 100, t: 1800 };
    expect((await sendBeacon(kit.app, end, { ip: "198.51.100.30" })).statusCode).toBe(204);
    await sendBeacon(kit.app, view, { ip: "198.51.100.31" });
    await sendBeacon(kit.app, { ...end, t: 60 }, { ip: "198.51.100.31" });
    expect(storedEvents(kit.app, kit.db)).toBe(2);
    const report = (await staffGet(kit, "/admin/api/analytics/report?range=today", owner)).json();
    expect(report.totals).toMatchObject({ visitors: 1, visitSeconds: 60 });
    expect(report.breakdowns.sections).toEqual([{ name: "home", count: 1 }]);
  });
});
