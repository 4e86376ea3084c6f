/**
 * First-party analytics as visitors make the figures, on a store of the spec's own: visits with
 * JavaScript on and off, different browsers, the same visitor twice, a bot and the signed-in
 * owner (neither counted), a click on the booking link and a contact message; the owner's report
 * then holds exactly those. No cookie is set and no request leaves the site (docs/privacy.md).
 * Chromium runs headless, which the store does not count: each context names a person's browser.
 */

import type { AnalyticsReport } from "@consultant/site-content/wire";
import {
  type Browser,
  type BrowserContext,
  chromium,
  expect,
  type Page,
  test,
} from "@playwright/test";
import { createItemsStore } from "../apps/store/src/main/testing.ts";
import { CHROMIUM_FLAGS } from "../bench/lib/chromium-flags.ts";
import { twoFrames } from "./helpers/frames.ts";
import { signIn } from "./helpers/owner-session.ts";
import { type OwnerStore, startOwnerStore } from "./helpers/owner-store.ts";

const PASSWORD = "the analytics spec's owner password";
/** The owner's scheduler: a page of the store itself, so the click goes nowhere else. */
const scheduler = () => `${store.url}/robots.txt`;
const chrome = (version: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let store: OwnerStore;
test.describe.configure({ mode: "serial" });
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 768,
  "the spec's store counts once, in the desktop project",
);
test.beforeAll(async () => {
  store = await startOwnerStore(PASSWORD, { ownerEmail: "owner@consultant.test" });
  const items = createItemsStore(store.db);
  const site = items.getItem("SiteSettings", "site")?.data ?? { _id: "site" };
  items.update("SiteSettings", "site", { ...site, bookingUrl: scheduler() }, Date.now());
});
/** What the test opened, closed after it even when it fails (the store waits for them). */
const opened: { close(): Promise<void> }[] = [];
test.afterAll(async () => {
  for (const open of opened.reverse()) await open.close();
  await store.close();
});

/** A browser of its own, and the requests it makes to anywhere but the store. */
async function visitor(
  browser: Browser,
  options: Parameters<Browser["newContext"]>[0],
): Promise<{ context: BrowserContext; page: Page; elsewhere: string[] }> {
  // No page.route here: Chromium drops the beacons of a page being left while requests are
  // intercepted.
  const context = await browser.newContext(options);
  opened.push(context);
  const page = await context.newPage();
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(store.url)) elsewhere.push(request.url());
  });
  return { context, page, elsewhere };
}

const leaves = () =>
  store.db
    .prepare("SELECT sections, scroll FROM analytics_events WHERE kind = 'leave' ORDER BY id")
    .all() as { sections: string; scroll: number | null }[];

/** The owner's report of the last 7 days, read in the owner's signed-in page. */
async function weekReport(page: Page): Promise<AnalyticsReport> {
  const answer = await page.request.get(`${store.url}/admin/api/analytics/report?range=7d`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as AnalyticsReport;
}

const beacon = (page: Page, kind: "v" | "l") =>
  page.waitForRequest(
    (request) =>
      request.url().endsWith("/a/e") && (request.postData() ?? "").includes(`"k":"${kind}"`),
  );

test("the owner's report counts exactly the visitors, views, sources and conversions people made", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // A: from a newsletter, reads down the page, comes back, follows the booking link and writes.
  // A browser of its own: the beacon sent as a page is left carries the browser's own user
  // agent (HeadlessChrome, not counted), not a context's; the context's pages name the same
  // one, as a person's browser does (Playwright's contexts name their own otherwise).
  const personsBrowser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [...CHROMIUM_FLAGS, `--user-agent=${chrome(131)}`],
  });
  opened.push(personsBrowser);
  const a = await visitor(personsBrowser, { locale: "en-GB", userAgent: chrome(131) });
  const firstView = beacon(a.page, "v");
  await a.page.goto(`${store.url}/?utm_source=newsletter&utm_campaign=spring`);
  await firstView;
  for (const id of ["about", "services", "contact"]) {
    const section = a.page.locator(`section#${id}`);
    await section.scrollIntoViewIfNeeded();
    // The page's observer reports a section on a later frame; leaving before it would not count it.
    await expect(section).toBeInViewport();
  }
  await twoFrames(a.page);
  const secondView = beacon(a.page, "v");
  await a.page.reload();
  await secondView;
  // The first view's end came as the page was hidden: its sections and depth are stored.
  await expect.poll(() => leaves().length).toBeGreaterThan(0);
  const [ended] = leaves();
  expect(ended?.sections.split(",")).toEqual(expect.arrayContaining(["home", "contact"]));
  expect(ended?.scroll).toBeGreaterThan(50);
  expect(a.elsewhere).toEqual([]);
  expect(await a.context.cookies()).toEqual([]);

  const [schedulerPage] = await Promise.all([
    a.context.waitForEvent("page"),
    a.page.locator("#home [data-booking-link]").click(),
  ]);
  await expect(schedulerPage).toHaveURL(scheduler());
  const form = a.page.getByRole("form", { name: "Or write to me here" });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel("Your name").fill("Ada");
  await form.getByLabel("Your e-mail").fill("ada@example.com");
  await form.getByLabel("Your message").fill("Hello, can we talk about a project?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(a.page.getByRole("heading", { name: "Thank you" })).toBeVisible({ timeout: 20_000 });

  // B: from LinkedIn, once.
  const b = await visitor(browser, { userAgent: chrome(130), locale: "de-DE" });
  const bView = beacon(b.page, "v");
  await b.page.goto(`${store.url}/`, { referer: "https://www.linkedin.com/feed/" });
  await bView;
  // C: without JavaScript: the <noscript> image counts the view.
  const c = await visitor(browser, {
    userAgent: chrome(129),
    javaScriptEnabled: false,
    locale: "fr-FR",
  });
  const pixel = c.page.waitForResponse((response) => response.url().includes("/a/p.gif"));
  await c.page.goto(`${store.url}/`);
  expect((await pixel).status()).toBe(200);
  // A bot and the signed-in owner: their beacons arrive and count nothing.
  const bot = await visitor(browser, { userAgent: GOOGLEBOT });
  const botView = beacon(bot.page, "v");
  await bot.page.goto(`${store.url}/?utm_source=newsletter`);
  await botView;
  const owner = await visitor(browser, { userAgent: chrome(128) });
  await signIn(owner.page, `${store.url}/admin`, PASSWORD);
  const ownerView = beacon(owner.page, "v");
  await owner.page.goto(`${store.url}/?utm_source=newsletter`);
  await ownerView;

  for (const who of [b, c]) {
    expect(who.elsewhere).toEqual([]);
    expect(await who.context.cookies()).toEqual([]);
  }
  const report = await weekReport(owner.page);
  expect(report.totals).toMatchObject({ visitors: 3, views: 4 });
  expect(report.totals.conversions).toEqual({
    bookingPageOpened: 0,
    bookingMade: 0,
    contactMessage: 1,
    clientSignUp: 0,
    bookingLinkClicked: 1,
  });
  expect(report.breakdowns.referrers).toEqual([
    { name: "(direct)", count: 2 },
    { name: "linkedin.com", count: 1 },
  ]);
  expect(report.breakdowns.utmSources).toEqual([{ name: "newsletter", count: 1 }]);
  expect(report.breakdowns.utmCampaigns).toEqual([{ name: "spring", count: 1 }]);
  expect(report.breakdowns.languages).toEqual([
    { name: "de", count: 1 },
    { name: "en", count: 1 },
    { name: "fr", count: 1 },
  ]);
  expect(report.breakdowns.sections.map((row) => row.name)).toEqual(
    expect.arrayContaining(["home", "about", "services", "contact"]),
  );
  expect(report.funnel.total).toMatchObject({ visitors: 3, bookingPage: 1, booked: 0 });
  expect(report.funnel.bySource[0]).toEqual({
    source: "newsletter",
    visitors: 1,
    bookingPage: 1,
    booked: 0,
    rate: 0,
  });
});

test("a visitor who lands on the booking page is counted there, with and without JavaScript", async ({
  browser,
}) => {
  const owner = await visitor(browser, { userAgent: chrome(125) });
  await signIn(owner.page, `${store.url}/admin`, PASSWORD);
  const before = await weekReport(owner.page);
  const d = await visitor(browser, { userAgent: chrome(127), locale: "en-US" });
  const dView = beacon(d.page, "v");
  await d.page.goto(`${store.url}/book`, { referer: "https://www.linkedin.com/feed/" });
  expect(JSON.parse((await dView).postData() ?? "{}")).toMatchObject({ p: "/book" });
  const e = await visitor(browser, { userAgent: chrome(126), javaScriptEnabled: false });
  const pixel = e.page.waitForResponse((response) => response.url().includes("/a/p.gif"));
  await e.page.goto(`${store.url}/book`);
  expect((await pixel).status()).toBe(200);
  for (const who of [d, e]) {
    expect(who.elsewhere).toEqual([]);
    expect(await who.context.cookies()).toEqual([]);
  }

  const after = await weekReport(owner.page);
  expect(after.totals.visitors - before.totals.visitors).toBe(2);
  expect(after.totals.views - before.totals.views).toBe(2);
  expect(after.breakdowns.pages).toContainEqual({ name: "/book", count: 2 });
  const linkedIn = (report: AnalyticsReport) =>
    report.breakdowns.referrers.find((row) => row.name === "linkedin.com")?.count ?? 0;
  expect(linkedIn(after) - linkedIn(before)).toBe(1);
});
