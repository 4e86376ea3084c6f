import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookingPages, injectCall, setUpBooking } from "../../main/test-kit/booking-kit.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

type Json = Record<string, unknown>;
type View = Json & { kind: string; times: Json & { days: Json[] } };

let t: TestApp;
let pages: ReturnType<typeof bookingPages<View>>;
const page = (url: string, headers?: Record<string, string>) => pages.page(url, headers);
const post = (url: string, fields: Record<string, string>) => pages.post(url, fields);
let serviceId: string;

beforeEach(async () => {
  t = createTestApp({ bookings: { maxCreatesPerAddress: 50 } });
  pages = bookingPages<View>(t.app);
  ({ serviceId } = await setUpBooking(injectCall(t.app), { authorization: t.apiKey }));
});
afterEach(() => t.app.close());

async function bookingCount(): Promise<number> {
  const agenda = await t.app.inject({
    method: "GET",
    url: "/_api/bookings-consultant/v1/bookings?from=2024-12-01T00:00:00Z&to=2025-06-01T00:00:00Z",
    headers: { authorization: t.apiKey },
  });
  return (agenda.json() as { bookings: unknown[] }).bookings.length;
}

/** A filled form of the page, a person's pause later. */
async function form(extra: Record<string, string> = {}) {
  const shown = await page(`/book?service=${serviceId}`);
  t.clock.ms += 5_000;
  const day = shown.view.times.days[1] as { times: { value: string }[] };
  return {
    service: serviceId,
    tz: "Europe/Berlin",
    token: String(shown.view.formToken),
    time: String(day.times[0]?.value),
    name: "Vera Visitor",
    email: "vera@example.com",
    note: "",
    ...extra,
  };
}

describe("the booking page turns away hostile input and loses nothing typed", () => {
  it("a date that is no date, or out of reach, shows today's days", async () => {
    const today = (await page(`/book?service=${serviceId}`)).view.times.from;
    for (const from of ["2025-13-45", "../../etc", "2024-01-01", "99999-01-01", "2025-02-30"]) {
      const shown = await page(`/book?service=${serviceId}&from=${encodeURIComponent(from)}`);
      expect([from, shown.status, shown.view.times.from]).toEqual([from, 200, today]);
    }
  });

  it("a forged zone name is read as none: the owner's zone, never echoed", async () => {
    for (const tz of [
      "Mars/Olympus",
      "<script>alert(1)</script>",
      "../../etc/passwd",
      "x".repeat(300),
    ]) {
      const shown = await page(`/book?service=${serviceId}&tz=${encodeURIComponent(tz)}`);
      expect(shown.status).toBe(200);
      expect(shown.view).toMatchObject({ zoneChosen: false, times: { zone: "Europe/Berlin" } });
      expect(JSON.stringify(shown.view)).not.toContain(tz.slice(0, 20));
    }
  });

  it("a huge note is refused beside the note, kept as typed, and nothing is booked", async () => {
    const note = "n".repeat(3_000);
    const sent = await post("/book", await form({ note }));
    expect(sent.status).toBe(400);
    expect(sent.view).toMatchObject({
      errors: { note: "Please keep the note under 2,000 characters." },
      fields: { note, name: "Vera Visitor", email: "vera@example.com" },
    });
    expect(await bookingCount()).toBe(0);
  });

  it("a post without the page's form token, or with a tampered one, books nothing", async () => {
    const good = await form();
    const tampered = `${good.token.slice(0, -2)}xx`;
    for (const token of ["", tampered, "a.b.c.d.e"]) {
      const sent = await post("/book", { ...good, token });
      expect([sent.status, sent.view?.errors]).toEqual([
        400,
        { form: "The booking could not be sent. Please check the time and send it again." },
      ]);
      // A fresh token to send it with, and everything typed kept.
      expect(sent.view?.formToken).not.toBe(token);
      expect(sent.view?.fields).toMatchObject({ name: "Vera Visitor", email: "vera@example.com" });
    }
    expect(await bookingCount()).toBe(0);
  });

  it("a bot that fills the hidden field, or posts at once, books nothing", async () => {
    const filled = await post("/book", await form({ website: "http://spam.example" }));
    expect(filled.status).toBe(400);
    const fields = await form();
    const shown = await page(`/book?service=${serviceId}`);
    const instant = await post("/book", { ...fields, token: String(shown.view.formToken) });
    expect(instant.status).toBe(400);
    expect(await bookingCount()).toBe(0);
  });

  it("a form token taken to another address books nothing", async () => {
    const fields = await form();
    const response = await t.app.inject({
      method: "POST",
      url: "/book",
      remoteAddress: "203.0.113.9",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(await bookingCount()).toBe(0);
  });

  it("a time that is no slot, or no time, is refused beside the times", async () => {
    for (const time of ["2025-01-02T08:07:00.000Z", "tomorrow", "2025-01-02T03:00:00.000Z"]) {
      const sent = await post("/book", await form({ time }));
      expect([time, sent.status, (sent.view?.errors as Json | undefined)?.time]).toEqual([
        time,
        400,
        "Please choose one of the free times.",
      ]);
    }
    expect(await bookingCount()).toBe(0);
  });

  it("a missing, tampered or unknown manage token leads to no booking", async () => {
    const sent = await post("/book", await form());
    const token = String(sent.location).split("token=")[1] as string;
    const [id, mac] = token.split(".") as [string, string];
    const forged = [
      "",
      `${id}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      `00000000-0000-0000-0000-000000000000.${mac}`,
      id,
    ];
    for (const bad of forged) {
      const shown = await page(`/book/manage?token=${encodeURIComponent(bad)}`);
      expect([bad, shown.status, shown.view.kind]).toEqual([bad, 404, "message"]);
      const cancel = await post("/book/manage", { token: bad, action: "cancel" });
      expect([bad, cancel.status]).toEqual([bad, 404]);
      const booked = await page(`/book/booked?token=${encodeURIComponent(bad)}`);
      expect(booked.status).toBe(404);
    }
    expect((await page(`/book/manage?token=${token}`)).view).toMatchObject({
      booking: { status: "CONFIRMED" },
    });
  });

  it("the manage link never takes its origin from the request's Host", async () => {
    const sent = await post("/book", await form());
    const booked = await page(String(sent.location), {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
    });
    expect(String(booked.view.manageUrl)).toMatch(/^\/book\/manage\?token=/);
  });

  it("an unknown service shows booking as closed", async () => {
    const shown = await page("/book?service=not-a-service");
    expect([shown.status, shown.view.kind]).toEqual([404, "message"]);
  });
});
