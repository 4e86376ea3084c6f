/**
 * Two real store processes on one PostgreSQL database, each running its reminder pass every
 * second: every reminder due goes out once (one mail per booking at the SMTP server, one claim
 * row), whichever node claims it; a cancelled booking gets none.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { until } from "../main/test-kit/purge-receiver.ts";
import { TEST_DATABASE_URL } from "../main/test-kit/test-db.ts";
import { startTestSmtp, type TestSmtp } from "../main/test-kit/test-smtp.ts";
import { clusterTitle, NO_POSTGRES, useTwoStoreProcesses } from "../main/test-kit/two-nodes.ts";
import { openPgDb } from "../platform/db/postgres/open-pg.ts";
import type { PgDb } from "../platform/db/postgres/pg-db.ts";
import { createBookingStore } from "./booking-store.ts";
import type { Booking } from "./booking-types.ts";
import { createReminderStore } from "./reminder-store.ts";

const BOOKINGS = 12;
/** Three passes of each node after the last reminder: a late duplicate would have arrived. */
const SETTLE_MS = 3500;
const MINUTE = 60_000;

let smtp: TestSmtp;
let db: PgDb;

function booking(email: string, status: Booking["status"], now: number): Booking {
  const start = now + 20 * MINUTE;
  return {
    id: randomUUID(),
    revision: 1,
    serviceId: "no-such-service",
    status,
    start,
    end: start + 30 * MINUTE,
    ownerZone: "Europe/Berlin",
    ownerDay: new Date(start).toISOString().slice(0, 10),
    reschedules: 0,
    title: "Introductory call",
    contact: { firstName: "Client", lastName: "", email, phone: "", timeZone: "UTC" },
    note: "",
    createdAt: now - 120 * MINUTE,
    updatedAt: now - 120 * MINUTE,
  };
}

describe.skipIf(NO_POSTGRES !== null)(clusterTitle("reminders on two store processes"), () => {
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(() => smtp?.close());
  const two = useTwoStoreProcesses(() => ({
    env: { SMTP_URL: smtp.url, BOOKING_REMINDER_SECONDS: "1", PUBLIC_URL: "http://store.test" },
    together: true,
  }));
  beforeAll(() => {
    db = openPgDb({ url: TEST_DATABASE_URL, schema: two.cluster.schema });
  });
  afterAll(() => db?.close());

  test(`${BOOKINGS} reminders due at once go out once each`, async () => {
    const now = Date.now();
    createReminderStore(db).putOffsets([60, 30], now);
    const bookings = createBookingStore(db);
    const emails = Array.from({ length: BOOKINGS }, (_, i) => `reminded-${i}@example.com`);
    for (const email of [...emails, "cancelled@example.com"]) {
      const status = email.startsWith("cancelled") ? "CANCELED" : "CONFIRMED";
      bookings.insert({
        booking: booking(email, status, now),
        tokenSalt: "salt",
        idempotencyKey: null,
        requestHash: null,
      });
    }
    const reminders = () => smtp.received.filter((mail) => mail.subject.startsWith("Reminder:"));
    await until(() => reminders().length >= BOOKINGS, 20_000);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

    const sent = reminders();
    expect(sent).toHaveLength(BOOKINGS);
    expect(new Set(sent.flatMap((mail) => mail.to))).toEqual(new Set(emails));
    // The latest due of the two: the 60 minutes' time had passed too.
    expect(sent.every((mail) => mail.subject.endsWith("in 30 minutes"))).toBe(true);
    expect(sent[0]?.text).toMatch(/^http:\/\/store\.test\/book\/manage\?token=/m);
    const claims = db
      .prepare<[], { booking_id: string; offset_minutes: number }>(
        "SELECT booking_id, offset_minutes FROM booking_reminders",
      )
      .all();
    expect(claims).toHaveLength(BOOKINGS);
    expect(claims.every((claim) => claim.offset_minutes === 30)).toBe(true);
  }, 60_000);
});
