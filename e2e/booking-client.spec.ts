/**
 * A signed-in client's bookings in the client area, in Chromium against a store of the spec's own
 * (its bookings and their limits count per store): the client books the sample introductory call
 * through the store's booking call with their own address (as the public booking form does), then
 * finds it in the client area with its
 * time in their zone and its manage link, in both colour schemes, axe clean; another client does
 * not see it. The booking is cancelled through its manage link afterwards.
 */
import { randomUUID } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  createAccessStore,
  createApiKeys,
  type Db,
  hashPassword,
  seedBooking,
} from "../apps/store/src/main/testing.ts";
import { violations } from "./helpers/axe.ts";
import { type OwnerStore, startOwnerStore } from "./helpers/owner-store.ts";
import { MEMBER_PASSWORD, signInAsMember, uniqueEmail } from "./helpers/site-members.ts";

type Json = Record<string, unknown>;
const DAY = 86_400_000;

let store: OwnerStore;

// Two clients sign in (each a password check) and axe runs twice: more than the default 30 s
// on a loaded machine.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(async () => {
  store = await startOwnerStore("the booking client spec's owner password");
  seedBooking(store.db, { now: Date.now });
  createApiKeys(createAccessStore(store.db)).rotate();
});
test.afterAll(() => store?.close());

/** A member of this store, as sign-up and confirmation leave them. */
async function addMemberTo(db: Db, email: string): Promise<void> {
  const now = Date.now();
  db.prepare(
    `INSERT INTO identities (id, email, email_verified, password_hash, status, reasons, profile,
       created_at, updated_at)
     VALUES (?, ?, 1, ?, 'ACTIVE', '[]', ?, ?, ?)`,
  ).run(
    randomUUID(),
    email,
    await hashPassword(MEMBER_PASSWORD),
    JSON.stringify({ firstName: "Ada" }),
    now,
    now,
  );
}

async function clientPage(browser: Browser, email: string, timezoneId = "UTC"): Promise<Page> {
  await addMemberTo(store.db, email);
  const context = await browser.newContext({ baseURL: store.url, timezoneId });
  const page = await context.newPage();
  await signInAsMember(page, email);
  return page;
}

async function call(
  path: string,
  body: unknown,
  authorization?: string,
): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${store.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

/** Books a free slot of the introductory call a few days ahead as the signed-in client would. */
async function bookAs(email: string): Promise<{ id: string; start: string }> {
  const services = await call("/bookings/v2/services/query", { query: {} });
  const serviceId = String(((services.json.services as Json[])[0] as Json).id);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const slots = await call("/_api/service-availability/v2/time-slots", {
    serviceId,
    fromLocalDate: `${day(Date.now() + 3 * DAY)}T00:00:00`,
    toLocalDate: `${day(Date.now() + 10 * DAY)}T00:00:00`,
    timeZone: "UTC",
    bookable: true,
  });
  // Local times in UTC are the instants.
  const free = slots.json.timeSlots as Json[];
  const slot = free[Math.floor(Math.random() * free.length)] as Json;
  const startDate = `${String(slot.localStartDate)}.000Z`;
  const endDate = `${String(slot.localEndDate)}.000Z`;
  const made = await call("/_api/bookings-service/v2/bookings", {
    booking: {
      bookedEntity: {
        slot: { serviceId, startDate, endDate, timezone: "UTC" },
      },
      contactDetails: { firstName: "Ada", email, timeZone: "America/New_York" },
    },
  });
  expect(made.status, JSON.stringify(made.json)).toBe(200);
  const booking = made.json.booking as Json;
  return { id: String(booking.id), start: startDate };
}

test("a signed-in client sees their booking in the client area with its manage link", async ({
  browser,
}, testInfo) => {
  const email = uniqueEmail("ada-books", testInfo.project.name);
  // Ada books and reads in New York; the store's hours are Berlin's.
  const ada = await clientPage(browser, email, "America/New_York");
  let bob: Page | null = null;
  try {
    const booked = await bookAs(email);

    await ada.reload();
    const section = ada.getByRole("region", { name: "Your bookings" });
    const upcoming = section.getByRole("list", { name: "Upcoming bookings" });
    await expect(upcoming.getByText("Introductory call", { exact: true })).toBeVisible();
    await expect(upcoming.getByText("Confirmed", { exact: true })).toBeVisible();
    // The time in the browser's zone, the zone named.
    const clock = await ada.evaluate(
      (start) =>
        new Intl.DateTimeFormat("en-GB", {
          hour: "2-digit",
          minute: "2-digit",
          hourCycle: "h23",
          timeZone: "America/New_York",
        }).format(new Date(start)),
      booked.start,
    );
    await expect(
      upcoming.getByText(new RegExp(`, ${clock}–\\d\\d:\\d\\d \\(America/New_York\\)`)).first(),
    ).toBeVisible();
    const manage = upcoming.getByRole("link", { name: /^Manage Introductory call/ });
    const href = await manage.getAttribute("href");
    expect(href).toMatch(new RegExp(`/book/manage\\?token=${booked.id}\\.`));

    for (const colorScheme of ["light", "dark"] as const) {
      await ada.emulateMedia({ colorScheme });
      expect(await violations(ada)).toEqual([]);
    }

    // Another client of the store sees none of it.
    bob = await clientPage(browser, uniqueEmail("bob-books", testInfo.project.name));
    await expect(bob.getByRole("link", { name: "Your account" })).toBeVisible();
    await expect(bob.getByText("Introductory call")).toHaveCount(0);
    await expect(bob.getByRole("region", { name: "Your bookings" })).toHaveCount(0);

    // Leave the store as found: cancel through the manage link's token (days ahead of the cutoff).
    const token = new URL(String(href)).searchParams.get("token");
    const cancelled = await call(`/v1/anonymous-bookings/${token}/cancel`, {});
    expect(cancelled.status).toBe(200);
    await ada.reload();
    await expect(
      section
        .getByRole("list", { name: "Past and cancelled bookings" })
        .getByText("Cancelled", { exact: true }),
    ).toBeVisible();
  } finally {
    await ada.context().close();
    await bob?.context().close();
  }
});
