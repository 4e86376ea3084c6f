import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { injectCall } from "../main/test-kit/booking-kit.ts";
import { createTestApp, type TestApp } from "../main/test-kit/test-app.ts";
import { seedBooking } from "./seed-booking.ts";

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
});
afterEach(() => t.app.close());

describe("the sample introductory call", () => {
  it("is seeded once: with its schedule and policy, bookable on the owner's working days", async () => {
    const call = injectCall(t.app);
    const owner = { authorization: t.apiKey };

    expect(seedBooking(t.db, { now: () => t.clock.ms })).toBe(true);
    const services = await call("POST", "/bookings/v2/services/query", { query: {} });
    const service = (services.json.services as Record<string, unknown>[])[0];
    const slots = await call("POST", "/_api/service-availability/v2/time-slots", {
      serviceId: service?.id,
      fromLocalDate: "2025-01-06T00:00:00",
      toLocalDate: "2025-01-07T00:00:00",
      bookable: true,
    });
    const schedule = await call("GET", "/_api/bookings-consultant/v1/schedule", undefined, owner);

    expect(service).toMatchObject({
      name: "Introductory call",
      payment: { custom: { description: "Free" } },
      schedule: { availabilityConstraints: { sessionDurations: [30], timeBetweenSessions: 15 } },
    });
    expect(schedule.json.schedule).toMatchObject({ timeZone: "Europe/Berlin" });
    // Monday 6 January: 09:00-12:00 and 13:00-17:00 in Berlin, every half hour.
    expect(slots.json).toMatchObject({ timeZone: "Europe/Berlin" });
    expect(
      (slots.json.timeSlots as { localStartDate: string }[]).map((s) => s.localStartDate),
    ).toEqual(
      [9, 9.5, 10, 10.5, 11, 11.5, 13, 13.5, 14, 14.5, 15, 15.5, 16, 16.5].map(
        (h) => `2025-01-06T${String(Math.floor(h)).padStart(2, "0")}:${h % 1 ? "30" : "00"}:00`,
      ),
    );
  });

  it("a service the owner deleted is not brought back at the next start", async () => {
    const call = injectCall(t.app);
    seedBooking(t.db, { now: () => t.clock.ms });
    const services = await call("POST", "/bookings/v2/services/query", { query: {} });
    const id = (services.json.services as { id: string }[])[0]?.id;
    await call("DELETE", `/bookings/v2/services/${id}`, undefined, { authorization: t.apiKey });

    expect(seedBooking(t.db, { now: () => t.clock.ms })).toBe(false);
    const after = await call("POST", "/bookings/v2/services/query", { query: {} });
    expect(after.json.services).toEqual([]);
  });

  it("keeps its schedule as saved by no one until the owner saves it (the checklist asks for it)", async () => {
    const call = injectCall(t.app);
    const owner = { authorization: t.apiKey };
    seedBooking(t.db, { now: () => t.clock.ms });
    const path = "/_api/bookings-consultant/v1/schedule";
    const seeded = await call("GET", path, undefined, owner);
    expect(seeded.json.savedDate).toBeNull();

    t.clock.ms += 60_000;
    const saved = await call("PUT", path, { schedule: seeded.json.schedule }, owner);
    expect(saved.status).toBe(200);
    expect(saved.json.savedDate).toBe(new Date(t.clock.ms).toISOString());
    expect((await call("GET", path, undefined, owner)).json).toEqual(saved.json);
  });
});
