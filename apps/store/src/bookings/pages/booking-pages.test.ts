import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type BookingCall,
  bookingPages,
  injectCall,
  setUpBooking,
} from "../../main/test-kit/booking-kit.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

type Json = Record<string, unknown>;
type View = Json & { kind: string };
const HOUR = 3_600_000;

let t: TestApp;
let pages: ReturnType<typeof bookingPages<View>>;
const page = (url: string, headers?: Record<string, string>) => pages.page(url, headers);
const post = (url: string, fields: Record<string, string>) => pages.post(url, fields);
let call: BookingCall;
let owner: Record<string, string>;

beforeEach(() => {
  t = createTestApp({ bookings: { maxCreatesPerAddress: 50 } });
  pages = bookingPages<View>(t.app);
  call = injectCall(t.app);
  owner = { authorization: t.apiKey };
});
afterEach(() => t.app.close());

const times = (view: View) =>
  ((view.times as Json).days as { times: { value: string; label: string }[] }[]).flatMap(
    (day) => day.times,
  );

/** The form of the booking page for `serviceId`, filled in, after a person's pause. */
async function filledForm(serviceId: string, extra: Record<string, string> = {}) {
  const shown = await page(`/book?service=${serviceId}&tz=America/New_York`);
  t.clock.ms += 5_000;
  // Past the twelve hours' notice the clock has moved on by.
  const chosen = times(shown.view)[4];
  return {
    view: shown.view,
    fields: {
      service: serviceId,
      tz: "America/New_York",
      token: String(shown.view.formToken),
      time: String(chosen?.value),
      name: "Vera Visitor",
      email: "vera@example.com",
      note: "About the budget",
      ...extra,
    },
  };
}

describe("a visitor books on the booking page", () => {
  it("sees the free times in their zone, books one without JavaScript and reads it named in that zone", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    const { view, fields } = await filledForm(serviceId);
    expect(view).toMatchObject({ kind: "pick", zoneChosen: true });
    // 09:00 in Berlin on 1 January 2025 is 03:00 in New York.
    expect(view.times).toMatchObject({
      zone: "America/New_York",
      zoneName: "Eastern Standard Time",
    });
    expect(times(view)[0]).toEqual({ value: "2025-01-01T12:00:00.000Z", label: "07:00" });

    const sent = await post("/book", fields);
    expect(sent.status).toBe(303);
    expect(sent.location).toMatch(/^\/book\/booked\?token=/);
    const booked = await page(String(sent.location));
    expect(booked.view).toMatchObject({
      kind: "booked",
      booking: {
        service: "Introductory call",
        when: "Wednesday, 1 January 2025, 09:00–09:30",
        zone: "America/New_York",
        zoneName: "Eastern Standard Time",
        status: "CONFIRMED",
      },
    });
    // No origin is configured: the link stays on the page's own origin, whatever the Host says.
    expect(String(booked.view.manageUrl)).toMatch(/^\/book\/manage\?token=/);
    const again = await page(`/book?service=${serviceId}&tz=America/New_York`);
    expect(times(again.view).map((time) => time.value)).not.toContain(fields.time);
  });

  it("a form sent twice (a double click) makes one booking and leads to it both times", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    const { fields } = await filledForm(serviceId);
    const first = await post("/book", fields);
    const second = await post("/book", fields);
    expect(second.location).toBe(first.location);
    const agenda = await call(
      "GET",
      "/_api/bookings-consultant/v1/bookings?from=2025-01-01T00:00:00Z&to=2025-03-01T00:00:00Z",
      undefined,
      owner,
    );
    expect(agenda.json.bookings as Json[]).toHaveLength(1);
  });

  it("a time booked meanwhile is refused clearly, with the fresh times and everything typed kept", async () => {
    const { serviceId } = await setUpBooking(call, owner);
    const { fields } = await filledForm(serviceId);
    const start = Date.parse(fields.time);
    const taken = await call("POST", "/_api/bookings-service/v2/bookings", {
      booking: {
        bookedEntity: {
          slot: {
            serviceId,
            startDate: fields.time,
            endDate: new Date(start + 30 * 60_000).toISOString(),
          },
        },
        contactDetails: { firstName: "Quick", email: "quick@example.com" },
      },
    });
    expect(taken.status).toBe(200);

    const sent = await post("/book", fields);
    expect(sent.status).toBe(409);
    expect(sent.view).toMatchObject({
      kind: "pick",
      fields: {
        name: "Vera Visitor",
        email: "vera@example.com",
        note: "About the budget",
        time: "",
      },
      errors: { time: expect.stringContaining("Someone booked that time") },
    });
    expect(times(sent.view as View).map((time) => time.value)).not.toContain(fields.time);
  });
});

describe("the manage link", () => {
  async function bookedToken(serviceId: string) {
    const { fields } = await filledForm(serviceId);
    const sent = await post("/book", fields);
    return { token: String(sent.location).split("token=")[1] as string, fields };
  }

  it("cancels and moves within the policy", async () => {
    const { serviceId } = await setUpBooking(call, owner, {
      policy: {
        cancellationPolicy: { enabled: true, limitLatestCancellation: false },
        reschedulePolicy: { enabled: true, limitLatestReschedule: false },
      },
    });
    const { token, fields } = await bookedToken(serviceId);
    const shown = await page(`/book/manage?token=${token}`);
    expect(shown.view).toMatchObject({
      kind: "manage",
      cancelRefusal: null,
      moveRefusal: null,
      booking: { zone: "America/New_York", status: "CONFIRMED" },
    });
    const other = times(shown.view).find((time) => time.value !== fields.time)?.value ?? "";

    const moved = await post("/book/manage", { token, action: "move", time: other });
    expect(moved.status).toBe(303);
    expect(moved.location).toContain("done=moved");
    const after = await page(String(moved.location));
    expect(after.view.notice).toContain("moved");

    const cancelled = await post("/book/manage", { token, action: "cancel" });
    expect(cancelled.status).toBe(303);
    const gone = await page(`/book/manage?token=${token}`);
    expect(gone.view).toMatchObject({
      booking: { status: "CANCELED" },
      notice: "This booking is cancelled.",
      times: null,
    });
  });

  it("refuses to cancel or move past the cutoff, in words naming the hours, and changes nothing", async () => {
    const { serviceId } = await setUpBooking(call, owner, {
      policy: {
        cancellationPolicy: {
          enabled: true,
          limitLatestCancellation: true,
          latestCancellationInMinutes: 1440,
        },
        reschedulePolicy: {
          enabled: true,
          limitLatestReschedule: true,
          latestRescheduleInMinutes: 1440,
        },
      },
    });
    const { token, fields } = await bookedToken(serviceId);
    t.clock.ms = Date.parse(fields.time) - 2 * HOUR;

    const shown = await page(`/book/manage?token=${token}`);
    expect(shown.view.cancelRefusal).toContain("cancelling closes 24 hours before the start");
    expect(shown.view.moveRefusal).toContain("moving closes 24 hours before the start");
    expect(shown.view.times).toBeNull();
    const refused = await post("/book/manage", { token, action: "cancel" });
    expect(refused.status).toBe(409);
    expect(refused.view?.booking).toMatchObject({ status: "CONFIRMED" });
  });
});
