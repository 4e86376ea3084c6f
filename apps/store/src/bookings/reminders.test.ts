/**
 * Reminders on one node (SQLite), with the store's clock moved instead of waiting: each offset's
 * reminder goes out once; a moved booking is reminded of its new time only, a cancelled one of
 * nothing; a booking made late gets no reminder whose time had passed; after a pause only the
 * latest due one goes. The owner sets the offsets; no one else may.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type BookingCall, injectCall, setUpBooking } from "../main/test-kit/booking-kit.ts";
import { createMemberKit, type MemberKit } from "../main/test-kit/identity-kit.ts";
import { REMINDERS_PATH } from "./reminder-routes.ts";

type Json = Record<string, unknown>;
const ADA = "ada.reminders@example.com";

let k: MemberKit;
let call: BookingCall;
let owner: Record<string, string>;
let serviceId: string;

beforeEach(async () => {
  k = await createMemberKit();
  call = injectCall(k.app);
  owner = { authorization: k.apiKey };
  k.insert("SiteSettings", [{ _id: "site", name: "Alex Sample", company: "Sample Consulting" }]);
  ({ serviceId } = await setUpBooking(call, owner));
});
afterEach(() => k.close());

const at = (day: number, hourUtc: number, minute = 0) => Date.UTC(2025, 0, day, hourUtc, minute);

async function book(start: number): Promise<string> {
  const made = await call("POST", "/_api/bookings-service/v2/bookings", {
    booking: {
      bookedEntity: {
        slot: {
          serviceId,
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + 30 * 60_000).toISOString(),
        },
      },
      contactDetails: { firstName: "Ada", email: ADA, timeZone: "Europe/London" },
    },
  });
  expect(made.status).toBe(200);
  return String((made.json.booking as Json).id);
}

/** Moves the store's clock to `ms` and runs this node's reminder pass: how many it sent. */
async function passAt(ms: number): Promise<number> {
  k.clock.ms = ms;
  return k.app.bookingReminders.runDue();
}

const reminders = () => k.smtp.received.filter((mail) => mail.subject.startsWith("Reminder:"));

describe("reminders", () => {
  it("go out 24 hours and 1 hour before, each once", async () => {
    await book(at(3, 8));
    expect(await passAt(at(2, 7, 59))).toBe(0);
    expect(await passAt(at(2, 8))).toBe(1);
    expect(await passAt(at(2, 8, 1))).toBe(0);
    expect(await passAt(at(3, 7))).toBe(1);
    expect(await passAt(at(3, 7, 30))).toBe(0);
    expect(await passAt(at(3, 8))).toBe(0);

    const [day, hour] = reminders();
    expect(day?.subject).toBe("Reminder: Introductory call with Alex Sample in 24 hours");
    expect(day?.text).toContain("Friday 3 January 2025, 08:00–08:30 (Europe/London, GMT)");
    expect(day?.attachments[0]?.filename).toBe("invite.ics");
    expect(hour?.subject).toBe("Reminder: Introductory call with Alex Sample in 1 hour");
    expect(reminders()).toHaveLength(2);
  });

  it("a moved booking is reminded of its new time only; a cancelled one of nothing", async () => {
    const moving = await book(at(3, 8));
    const cancelling = await book(at(3, 10));
    expect(await passAt(at(2, 8))).toBe(1);

    const newStart = at(4, 8);
    const moved = await call(
      "POST",
      `/_api/bookings-service/v2/bookings/${moving}/reschedule`,
      {
        slot: {
          startDate: new Date(newStart).toISOString(),
          endDate: new Date(newStart + 30 * 60_000).toISOString(),
        },
        flowControlSettings: { ignoreReschedulePolicy: true },
      },
      owner,
    );
    expect(moved.status).toBe(200);
    const cancelled = await call(
      "POST",
      `/_api/bookings-service/v2/bookings/${cancelling}/cancel`,
      { flowControlSettings: { ignoreCancellationPolicy: true } },
      owner,
    );
    expect(cancelled.status).toBe(200);

    // The cancelled booking's day and hour and the old time's hour come and go; the new time's
    // day and hour are reminded.
    expect(await passAt(at(2, 10))).toBe(0);
    expect(await passAt(at(3, 7))).toBe(0);
    expect(await passAt(at(3, 8))).toBe(1);
    expect(await passAt(at(3, 9))).toBe(0);
    expect(await passAt(at(4, 7))).toBe(1);
    const sent = reminders();
    expect(sent).toHaveLength(3);
    expect(sent[1]?.text).toContain("Saturday 4 January 2025, 08:00–08:30");
    expect(sent.every((mail) => !mail.text.includes("10:00–10:30"))).toBe(true);
  });

  it("a booking made late gets none whose time had passed; after a pause only the latest", async () => {
    k.clock.ms = at(2, 12);
    await book(at(3, 8));
    expect(await passAt(at(2, 12, 5))).toBe(0);
    expect(await passAt(at(3, 7, 10))).toBe(1);
    expect(reminders()[0]?.subject).toMatch(/in 1 hour$/);

    k.clock.ms = at(2, 12);
    await book(at(4, 8));
    // The store was down from before the day's mark until after the hour's.
    expect(await passAt(at(4, 7, 40))).toBe(1);
    expect(await passAt(at(4, 7, 45))).toBe(0);
    expect(reminders()).toHaveLength(2);
    expect(reminders()[1]?.subject).toMatch(/in 1 hour$/);
  });

  it("the owner sets the offsets, largest first; bad ones are refused, visitors may not", async () => {
    const read = await call("GET", REMINDERS_PATH, undefined, owner);
    expect(read.json).toEqual({ reminders: { offsetsMinutes: [1440, 60] } });
    const put = await call(
      "PUT",
      REMINDERS_PATH,
      { reminders: { offsetsMinutes: [30, 2880] } },
      owner,
    );
    expect(put.json).toEqual({ reminders: { offsetsMinutes: [2880, 30] } });
    for (const bad of [[60, 60], [1, 60], [20161], [1, 2, 3, 4, 5, 6].map((n) => n * 60), "60"]) {
      const refused = await call(
        "PUT",
        REMINDERS_PATH,
        { reminders: { offsetsMinutes: bad } },
        owner,
      );
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.json)).toContain("reminders.offsetsMinutes");
    }
    expect((await call("GET", REMINDERS_PATH)).status).toBe(403);
    expect((await call("PUT", REMINDERS_PATH, { reminders: { offsetsMinutes: [] } })).status).toBe(
      403,
    );
    expect((await call("GET", REMINDERS_PATH, undefined, owner)).json).toEqual({
      reminders: { offsetsMinutes: [2880, 30] },
    });

    await call("PUT", REMINDERS_PATH, { reminders: { offsetsMinutes: [] } }, owner);
    await book(at(3, 8));
    expect(await passAt(at(3, 7, 55))).toBe(0);
    expect(reminders()).toHaveLength(0);
  });
});
