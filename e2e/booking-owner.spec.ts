/**
 * The owner's Booking area in Chromium against the real store: the owner opens Saturdays and
 * the visitor-facing time slots (the store's public call) offer that Saturday; a day off takes
 * them away again; the owner adds a service that waits for approval, a visitor books it, the
 * owner declines with a message and the agenda shows it; axe finds nothing in either scheme at
 * 375 px and on the desktop. The schedule and the service are put back as they were.
 */
import { expect, type Page, test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { docImage } from "./helpers/doc-images.ts";
import { ensureOwnerPassword, signIn } from "./helpers/owner-session.ts";
import { withStoreDb } from "./helpers/store-db.ts";

type Json = Record<string, unknown>;
const ZONE = "Europe/Berlin";
const PANEL = "#booking-area";

test.beforeAll(() => ensureOwnerPassword());

/** A Saturday at least 8 days ahead, as the owner's calendar names it. */
function saturdayAhead(): string {
  const day = new Date(Date.now() + 8 * 86_400_000);
  while (day.getUTCDay() !== 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

async function serviceNamed(page: Page, name: string): Promise<string> {
  const answer = await page.request.post("/bookings/v2/services/query", {
    data: { query: { filter: { name } } },
  });
  const services = ((await answer.json()) as { services: Json[] }).services;
  return String(services[0]?.id ?? "");
}

/** The bookable slots a visitor is offered on `date`, through the store's public call. */
async function bookableOn(page: Page, serviceId: string, date: string): Promise<Json[]> {
  const answer = await page.request.post("/_api/service-availability/v2/time-slots", {
    data: {
      serviceId,
      fromLocalDate: `${date}T00:00:00`,
      toLocalDate: `${date}T23:59:00`,
      timeZone: ZONE,
      bookable: true,
    },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { timeSlots: Json[] }).timeSlots;
}

type ScheduleRow = { time_zone: string; weekly: string; overrides: string };

function savedSchedule(): ScheduleRow | undefined {
  return withStoreDb((db) =>
    db
      .prepare<[], ScheduleRow>(
        "SELECT time_zone, weekly, overrides FROM booking_schedule WHERE id = 1",
      )
      .get(),
  );
}

function putBack(row: ScheduleRow | undefined): void {
  if (row === undefined) return;
  withStoreDb((db) =>
    db
      .prepare("UPDATE booking_schedule SET time_zone = ?, weekly = ?, overrides = ? WHERE id = 1")
      .run(row.time_zone, row.weekly, row.overrides),
  );
}

async function openBooking(page: Page): Promise<void> {
  await signIn(page, "/admin#booking");
  await expect(page.getByRole("heading", { name: "Agenda" })).toBeVisible();
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`the Booking area has no axe violations in the ${colorScheme} scheme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openBooking(page);
    await page.getByRole("list", { name: "Services" }).locator("summary").first().click();
    await expect(page.getByLabel("Length (minutes)").first()).toBeVisible();
    expect(await violations(page, PANEL)).toEqual([]);
  });
}

test("the owner opens Saturdays and the visitor is offered that Saturday; a day off takes it away", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one project changes the shared schedule");
  const before = savedSchedule();
  try {
    await openBooking(page);
    const serviceId = await serviceNamed(page, "Introductory call");
    const saturday = saturdayAhead();
    expect(await bookableOn(page, serviceId, saturday)).toEqual([]);

    await page.getByRole("button", { name: "Add hours to Saturday" }).click();
    await page.getByLabel("Saturday, stretch 1, from").fill("10:00");
    await page.getByLabel("Saturday, stretch 1, until").fill("12:00");
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect
      .poll(async () =>
        (await bookableOn(page, serviceId, saturday)).map((slot) => slot.localStartDate),
      )
      .toEqual([
        `${saturday}T10:00:00`,
        `${saturday}T10:30:00`,
        `${saturday}T11:00:00`,
        `${saturday}T11:30:00`,
      ]);

    await page.getByRole("button", { name: "Add a date" }).click();
    await page.getByLabel("Date", { exact: true }).fill(saturday);
    await expect(page.getByLabel("Day off")).toBeChecked();
    await docImage(page, testInfo, "booking-availability.png");
    await page.getByRole("button", { name: "Save availability" }).click();
    await expect.poll(async () => (await bookableOn(page, serviceId, saturday)).length).toBe(0);
  } finally {
    putBack(before);
  }
});

test("the owner adds a service that waits for approval, declines a visitor's booking with a message and sees it in the agenda", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one project adds the shared service");
  const name = `Strategy session ${Date.now()}`;
  const email = `booker-${Date.now()}@e2e.example.com`;
  let serviceId = "";
  try {
    await openBooking(page);
    await page.getByRole("button", { name: "Add a service" }).click();
    const form = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Add service" }) });
    await form.getByLabel("Name", { exact: true }).fill(name);
    await form.getByLabel("Length (minutes)").fill("17");
    await form.getByRole("button", { name: "Add service" }).click();
    await expect(form.getByText("Use a multiple of 5 minutes.")).toBeVisible();
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue(name);
    await form.getByLabel("Length (minutes)").fill("60");
    await form.getByLabel("Phone", { exact: true }).check();
    await form.getByLabel("Phone: details").fill("I call you on the number you give.");
    await form.getByLabel("I confirm each booking myself").check();
    await form.getByRole("button", { name: "Add service" }).click();
    await expect(
      page.getByRole("list", { name: "Services" }).locator("summary", { hasText: name }),
    ).toBeVisible();

    serviceId = await serviceNamed(page, name);
    const slots = await page.request.post("/_api/service-availability/v2/time-slots", {
      data: { serviceId, bookable: true, timeZone: "UTC", cursorPaging: { limit: 40 } },
    });
    const slot = ((await slots.json()) as { timeSlots: Json[] }).timeSlots.at(-1) as Json;
    const made = await page.request.post("/_api/bookings-service/v2/bookings", {
      data: {
        booking: {
          bookedEntity: {
            slot: {
              serviceId,
              startDate: `${slot.localStartDate}Z`,
              endDate: `${slot.localEndDate}Z`,
            },
          },
          contactDetails: {
            firstName: "Grace",
            lastName: "Hopper",
            email,
            timeZone: "America/New_York",
          },
        },
      },
    });
    expect(((await made.json()) as { booking: Json }).booking.status).toBe("PENDING");

    await page.reload();
    const entry = page.getByRole("listitem").filter({ hasText: email });
    await expect(entry.getByText("Waiting for you")).toBeVisible();
    await expect(page.getByText(`Times are on your clock: ${ZONE}.`)).toBeVisible();
    await entry.getByRole("button", { name: /^Decline/ }).click();
    const dialog = page.getByRole("dialog", { name: "Decline the booking" });
    await dialog
      .getByLabel("Message to the client (optional)")
      .fill("That week I am away; try the week after.");
    expect(await violations(page, "dialog")).toEqual([]);
    await dialog.getByRole("button", { name: "Decline", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(entry.getByText("Declined")).toBeVisible();
    await expect(
      entry.getByText("Your message: That week I am away; try the week after."),
    ).toBeVisible();
    await entry.scrollIntoViewIfNeeded();
    await docImage(page, testInfo, "booking-agenda.png");

    page.once("dialog", (confirm) => void confirm.accept());
    const card = page
      .getByRole("listitem")
      .filter({ has: page.locator("summary", { hasText: name }) });
    await card.locator("summary").click();
    await card.getByRole("button", { name: `Delete ${name}` }).click();
    await expect(
      page.getByRole("list", { name: "Services" }).locator("summary", { hasText: name }),
    ).toHaveCount(0);
    serviceId = "";
  } finally {
    withStoreDb((db) => {
      db.prepare("DELETE FROM bookings WHERE data LIKE ?").run(`%${email}%`);
      if (serviceId !== "") db.prepare("DELETE FROM booking_services WHERE id = ?").run(serviceId);
    });
  }
});

test("the owner connects a calendar the store cannot reach, sees why, and disconnects it", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one project changes the shared calendar");
  const before = withStoreDb((db) =>
    db.prepare<[], { url: string }>("SELECT url FROM booking_calendar_feed WHERE id = 1").get(),
  );
  test.skip((before?.url ?? "") !== "", "the owner's calendar is set: left alone");
  try {
    await openBooking(page);
    const address = page.getByLabel("Calendar address (ICS)");
    await address.fill("calendar.example.com/feed.ics");
    await page.getByRole("button", { name: "Save calendar" }).click();
    await expect(page.getByText("Paste the calendar's address")).toBeVisible();
    await expect(address).toHaveValue("calendar.example.com/feed.ics");

    await address.fill("http://127.0.0.1:9/owner.ics");
    await page.getByRole("button", { name: "Save calendar" }).click();
    await expect(
      page
        .getByRole("alert")
        .filter({ hasText: "failed: the feed's server refused the connection" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Read now" })).toBeVisible();
    await address.scrollIntoViewIfNeeded();
    await docImage(page, testInfo, "booking-calendar.png");

    await address.fill("");
    await page.getByRole("button", { name: "Save calendar" }).click();
    await expect(page.getByText("No calendar is connected.")).toBeVisible();
  } finally {
    withStoreDb((db) => db.prepare("UPDATE booking_calendar_feed SET url = '' WHERE id = 1").run());
  }
});
