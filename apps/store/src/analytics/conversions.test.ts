import type { AnalyticsReport } from "@consultant/site-content/wire";
import { afterEach, describe, expect, test } from "vitest";
import {
  type BeaconFrom,
  DESKTOP_CHROME,
  sendBeacon,
  staffGet,
  visitorGet,
} from "../main/test-kit/analytics-kit.ts";
import { bookingRequest, injectCall, setUpBooking } from "../main/test-kit/booking-kit.ts";
import {
  createOwnerKit,
  type OwnerKit,
  ownerHeaders,
  type SignedIn,
} from "../main/test-kit/owner-signed-in.ts";

let kit: OwnerKit;
afterEach(() => kit.app.close());

const SCHEDULER = "https://cal.example.com/alex";
const view = (r = "", p = "/") => ({ k: "v", p, r, z: "Europe/Berlin", g: "en" });

const visitor = (ip: string): BeaconFrom & { headers: Record<string, string> } => ({
  ip,
  headers: { host: "consultant.example", "user-agent": DESKTOP_CHROME },
});

async function report(owner: SignedIn): Promise<AnalyticsReport> {
  const response = await staffGet(kit, "/admin/api/analytics/report?range=today", owner);
  return response.json() as AnalyticsReport;
}

describe("conversions the server counts", () => {
  test("the booking link redirects to the owner's scheduler only, and counts", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const none = await visitorGet(kit.app, "/go/booking");
    expect(none.statusCode).toBe(404);
    kit.insert("SiteSettings", [{ _id: "site", bookingUrl: SCHEDULER }]);
    for (const url of [
      "/go/booking",
      "/go/booking?to=https://evil.example/",
      "/go/booking?url=//evil.example",
    ]) {
      const response = await visitorGet(kit.app, url);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(SCHEDULER);
    }
    expect((await report(owner)).totals.conversions.bookingLinkClicked).toBe(3);
  });

  test("the funnel: visit, booking page, booked, with its rate, by source", async () => {
    kit = await createOwnerKit({ contact: { minMs: 0, workBits: 0, busyExtraBits: 0 } });
    const owner = await kit.signedIn();
    kit.insert("SiteSettings", [
      { _id: "site", bookingUrl: SCHEDULER, email: "owner@consultant.test" },
    ]);
    const { serviceId } = await setUpBooking(injectCall(kit.app), ownerHeaders(owner), {
      timeZone: "UTC",
    });
    const [a, b, c] = [visitor("198.51.100.1"), visitor("198.51.100.2"), visitor("198.51.100.3")];
    await sendBeacon(kit.app, view("https://www.linkedin.com/"), a);
    await sendBeacon(kit.app, view(), b);
    await sendBeacon(kit.app, view("", "/?utm_source=newsletter"), c);

    // A follows the booking link, then books on the store's booking page; B looks twice.
    await visitorGet(kit.app, "/go/booking", a);
    const slots = {
      serviceId,
      fromLocalDate: "2025-03-03T00:00:00",
      toLocalDate: "2025-03-04T00:00:00",
      timeZone: "UTC",
    };
    for (const who of [a, b, b]) {
      const listed = await injectCall(kit.app, who.ip)(
        "POST",
        "/_api/service-availability/v2/time-slots",
        slots,
        who.headers,
      );
      expect(listed.status).toBe(200);
    }
    const booked = await injectCall(kit.app, a.ip)(
      "POST",
      "/_api/bookings-service/v2/bookings",
      bookingRequest(
        serviceId,
        "2025-03-03T10:00:00.000Z",
        "2025-03-03T10:30:00.000Z",
        "a@example.com",
      ),
      { ...a.headers, "idempotency-key": "booking-1" },
    );
    expect(booked.status).toBe(200);
    // The same request again (a retry) books nothing new and counts nothing new.
    await injectCall(kit.app, a.ip)(
      "POST",
      "/_api/bookings-service/v2/bookings",
      bookingRequest(
        serviceId,
        "2025-03-03T10:00:00.000Z",
        "2025-03-03T10:30:00.000Z",
        "a@example.com",
      ),
      { ...a.headers, "idempotency-key": "booking-1" },
    );

    // C writes and signs up as a client.
    const call = injectCall(kit.app, c.ip);
    const token = await call("GET", "/contact/token", undefined, c.headers);
    const sent = await call(
      "POST",
      "/contact",
      {
        name: "Cy",
        email: "cy@example.com",
        message: "Hello there",
        token: token.json.token,
        work: "",
      },
      c.headers,
    );
    expect(sent.status).toBe(200);
    const signedUp = await call(
      "POST",
      "/_api/iam/authentication/v2/register",
      { loginId: { email: "cy@example.com" }, password: "a long and quite unusual passphrase 42" },
      c.headers,
    );
    expect(signedUp.status).toBe(200);

    const figures = await report(owner);
    expect(figures.totals.conversions).toEqual({
      bookingPageOpened: 2,
      bookingMade: 1,
      contactMessage: 1,
      clientSignUp: 1,
      bookingLinkClicked: 1,
    });
    expect(figures.totals.conversionRate).toBeCloseTo(1 / 3);
    expect(figures.funnel.total).toEqual({
      source: "(all)",
      visitors: 3,
      bookingPage: 2,
      booked: 1,
      rate: 1 / 3,
    });
    expect(figures.funnel.bySource).toEqual([
      { source: "linkedin.com", visitors: 1, bookingPage: 1, booked: 1, rate: 1 },
      { source: "(direct)", visitors: 1, bookingPage: 1, booked: 0, rate: 0 },
      { source: "newsletter", visitors: 1, bookingPage: 0, booked: 0, rate: 0 },
    ]);
  });

  test("the owner's own booking and a bot's slot listing are not conversions", async () => {
    kit = await createOwnerKit();
    const owner = await kit.signedIn();
    const { serviceId } = await setUpBooking(injectCall(kit.app), ownerHeaders(owner), {
      timeZone: "UTC",
    });
    await injectCall(kit.app)(
      "POST",
      "/_api/service-availability/v2/time-slots",
      {
        serviceId,
        fromLocalDate: "2025-03-03T00:00:00",
        toLocalDate: "2025-03-04T00:00:00",
        timeZone: "UTC",
      },
      { "user-agent": "Googlebot/2.1" },
    );
    await injectCall(kit.app)(
      "POST",
      "/_api/bookings-service/v2/bookings",
      bookingRequest(
        serviceId,
        "2025-03-03T11:00:00.000Z",
        "2025-03-03T11:30:00.000Z",
        "o@example.com",
      ),
      { ...ownerHeaders(owner), "user-agent": DESKTOP_CHROME },
    );
    expect((await report(owner)).totals.conversions.bookingMade).toBe(0);
    expect((await report(owner)).totals.conversions.bookingPageOpened).toBe(0);
  });
});
