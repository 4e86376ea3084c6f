/**
 * The visitor's booking page (docs/bookings.md, "The booking page"): booking the introductory
 * call with JavaScript on and off, the confirmation and the mail naming the time in the
 * visitor's zone, the mail's calendar file (one UID; SEQUENCE up on a move; METHOD:CANCEL),
 * moving and cancelling through the mailed link within the policy, the refusal past the cutoff,
 * and axe on every booking page in both schemes. On a store of the spec's own per worker, so the
 * suite's other specs and their settings never meet these bookings.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { type BookingStore, startBookingStore } from "./helpers/booking-store.ts";
import { docImage } from "./helpers/doc-images.ts";

let store: BookingStore;
// axe reads every booking page twice (both schemes): the times and the zones make big pages.
test.describe.configure({ timeout: 120_000 });
test.beforeAll(async () => {
  store = await startBookingStore();
});
test.afterAll(async () => store.close());

/** axe finds nothing on the page in the light and in the dark scheme. */
async function axeClean(page: Page) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await violations(page), `${page.url()} (${colorScheme})`).toEqual([]);
  }
}

/**
 * axe on a page a browser without JavaScript was shown: axe runs as a script, so it reads the
 * same address in a browser with JavaScript (the zone named in it, so nothing moves on).
 */
async function axeCleanWithoutScript(page: Page, browser: Browser) {
  const url = new URL(page.url());
  if (url.pathname !== "/book/booked") url.searchParams.set("tz", "Asia/Tokyo");
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    javaScriptEnabled: true,
  });
  const scripted = await context.newPage();
  await scripted.goto(url.href);
  await axeClean(scripted);
  await context.close();
}

/** The visitor's `skip`-th mail matching `pattern`: its text, its link and its calendar file. */
async function mailTo(email: string, pattern: RegExp, skip = 0) {
  const mail = await store.mail.waitFor(email, pattern, { skip });
  const link = /^http\S+\/book\/manage\?token=\S+$/m.exec(mail.text)?.[0];
  const ics = mail.attachments.find((file) => file.filename.endsWith(".ics"));
  expect(link, mail.text).toBeDefined();
  expect(ics?.contentType).toMatch(/^text\/calendar/);
  return { text: mail.text, link: link as string, ics: ics?.content ?? "" };
}

/** One property of the calendar file's event (the value after its parameters). */
const icsField = (ics: string, name: string) =>
  new RegExp(`^${name}(?:;[^:]*)?:(.*)$`, "m").exec(ics)?.[1]?.trim();

/** `HH:mm` of an ICS UTC time (`20261211T140000Z`) in `zone`. */
function clockIn(icsTime: string, zone: string): string {
  const iso = icsTime.replace(
    /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/,
    "$1-$2-$3T$4:$5:$6Z",
  );
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: zone,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

const span = (text: string | null) => /\d{2}:\d{2}–\d{2}:\d{2}/.exec(text ?? "")?.[0];

/** Picks the first free time a week on (past the policy's cutoffs), with the visitor's details. */
async function chooseTimeAndFill(page: Page, name: string, email = "visitor@example.com") {
  await page.getByRole("link", { name: "Later days" }).click();
  await expect(page.getByRole("heading", { name: "Choose a time" })).toBeVisible();
  const time = page.getByRole("radio").first();
  await time.check();
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Your e-mail").fill(email);
  await page.getByLabel("Anything I should know beforehand? (optional)").fill("Budgets, mostly.");
}

test.describe("with JavaScript", () => {
  test.use({ timezoneId: "America/New_York" });

  test("a visitor books in their own zone, gets the mail and its calendar file, then moves and cancels through the mailed link", async ({
    page,
  }, testInfo) => {
    const email = `jay-${testInfo.project.name}-${Date.now()}@example.com`;
    const zone = "America/New_York";
    await page.goto(`${store.url}/`);
    await page.getByRole("link", { name: "Book a free introductory call" }).first().click();
    await expect(page).toHaveURL(/\/book\?tz=America%2FNew_York$/);
    await expect(page.getByLabel("Your time zone")).toHaveValue("America/New_York");
    await expect(page.getByText("Eastern Standard Time")).toBeVisible();
    await axeClean(page);
    await page.emulateMedia({ colorScheme: "light" });
    await docImage(page, testInfo, "booking-page.png");

    // Without reloads: a mark left on the window survives booking.
    await page.evaluate(() => Object.assign(window, { stayed: true }));
    await chooseTimeAndFill(page, "Jay Script", email);
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByRole("heading", { name: "Your call is booked" })).toBeVisible();
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page).toHaveURL(/\/book\/booked\?token=/);
    await expect(page.locator("[data-booking-zone]")).toHaveText(
      "Eastern Standard Time (America/New York)",
    );
    await axeClean(page);
    await docImage(page, testInfo, "booking-confirmed.png");
    const shown = span(await page.locator("[data-booking-when]").textContent());

    const booked = await mailTo(email, /is booked:/);
    expect(booked.text).toContain(`${shown} (${zone}, `);
    expect(booked.text).toContain("Where: Video call: the link comes with the confirmation");
    expect(icsField(booked.ics, "METHOD")).toBe("REQUEST");
    expect(icsField(booked.ics, "SEQUENCE")).toBe("0");
    expect(clockIn(icsField(booked.ics, "DTSTART") ?? "", zone)).toBe(shown?.slice(0, 5));
    const uid = icsField(booked.ics, "UID");
    expect(uid).toMatch(/^booking-[0-9a-f-]{36}@/);
    expect(uid?.endsWith(`@${new URL(store.url).host}`)).toBe(true);

    await page.goto(booked.link);
    await expect(page.getByRole("heading", { name: "Your booking" })).toBeVisible();
    const before = await page.locator("[data-booking-when]").textContent();
    await axeClean(page);
    const move = page.getByRole("form", { name: "Move it to another time" });
    await move.getByRole("radio").nth(1).check();
    await move.getByRole("button", { name: "Move to this time" }).click();
    await expect(page.getByRole("status")).toHaveText(
      "Done: your booking is moved to the new time.",
    );
    await expect(page.locator("[data-booking-when]")).not.toHaveText(before ?? "");
    const movedTo = span(await page.locator("[data-booking-when]").textContent());
    const moved = await mailTo(email, /has moved to:/);
    expect(moved.text).toContain(`${movedTo} (${zone}, `);
    expect(icsField(moved.ics, "UID")).toBe(uid);
    expect(icsField(moved.ics, "SEQUENCE")).toBe("1");
    expect(clockIn(icsField(moved.ics, "DTSTART") ?? "", zone)).toBe(movedTo?.slice(0, 5));

    await page.goto(moved.link);
    await page.getByRole("button", { name: "Cancel the booking" }).click();
    await expect(page.getByRole("status")).toHaveText("This booking is cancelled.");
    await expect(page.getByRole("button", { name: "Cancel the booking" })).toHaveCount(0);
    await axeClean(page);
    const cancelled = await mailTo(email, /is cancelled, as you asked:/);
    expect(icsField(cancelled.ics, "METHOD")).toBe("CANCEL");
    expect(icsField(cancelled.ics, "UID")).toBe(uid);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor books with plain forms, names their zone, gets the mail in it, and cancels through the link", async ({
    page,
    browser,
  }, testInfo) => {
    const email = `noor-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto(`${store.url}/book`);
    // Without a script to ask the browser, the times are in the owner's zone until one is chosen.
    await expect(page.getByLabel("Your time zone")).toHaveValue("Europe/Berlin");
    await page.getByLabel("Your time zone").selectOption("Asia/Tokyo");
    await page.getByRole("button", { name: "Show times" }).click();
    await expect(page.getByText("Japan Standard Time")).toBeVisible();
    await axeCleanWithoutScript(page, browser);

    await chooseTimeAndFill(page, "Noor Noscript", email);
    await page.getByRole("button", { name: "Book this time" }).click();
    await expect(page.getByRole("heading", { name: "Your call is booked" })).toBeVisible();
    await expect(page.locator("[data-booking-zone]")).toHaveText(
      "Japan Standard Time (Asia/Tokyo)",
    );
    await expect(page.locator("[data-booking-when]")).toContainText(/\d{2}:\d{2}–\d{2}:\d{2}$/);
    const shown = span(await page.locator("[data-booking-when]").textContent());
    await axeCleanWithoutScript(page, browser);
    const booked = await mailTo(email, /is booked:/);
    expect(booked.text).toContain(`${shown} (Asia/Tokyo, `);
    expect(clockIn(icsField(booked.ics, "DTSTART") ?? "", "Asia/Tokyo")).toBe(shown?.slice(0, 5));

    const manage = page.locator("[data-manage-link]");
    expect(new URL(booked.link).pathname).toBe("/book/manage");
    expect(await manage.getAttribute("href")).toContain(new URL(booked.link).search);
    await manage.click();
    await page.getByRole("button", { name: "Cancel the booking" }).click();
    await expect(page.getByRole("status")).toHaveText("This booking is cancelled.");
    await axeCleanWithoutScript(page, browser);
  });

  test("a link that leads to no booking says so", async ({ page, browser }) => {
    const response = await page.goto(`${store.url}/book/manage?token=not-a-token`);
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This link does not lead to a booking.")).toBeVisible();
    await axeCleanWithoutScript(page, browser);
  });
});

test("past the cutoff, the manage page refuses cancelling and moving in clear words", async ({
  page,
}, testInfo) => {
  await page.goto(`${store.url}${await store.bookSoon(3)}`);
  await expect(page.getByRole("heading", { name: "Your booking" })).toBeVisible();
  await expect(page.locator("[data-refusal=cancel]")).toHaveText(
    "It is too late to cancel online: cancelling closes 24 hours before the start. Please write to me instead.",
  );
  await expect(page.locator("[data-refusal=move]")).toContainText("moving closes 24 hours");
  await expect(page.getByRole("button", { name: "Cancel the booking" })).toHaveCount(0);
  // "Please write to me instead": the site's public address, as a link to write with.
  const writeTo = page.getByRole("main").locator('a[href^="mailto:"]');
  await expect(writeTo).toHaveCount(1);
  expect(await writeTo.getAttribute("href")).toBe(`mailto:${await writeTo.textContent()}`);
  await axeClean(page);
  await page.emulateMedia({ colorScheme: "light" });
  await docImage(page, testInfo, "booking-manage-refused.png");
});
