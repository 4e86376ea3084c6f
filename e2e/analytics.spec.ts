/**
 * First-party analytics end to end (docs/analytics.md, docs/privacy.md): visitors in Chromium
 * with JavaScript on and off, one of them twice, a robot and the signed-in owner; a contact
 * message and a booking link click; then the owner's dashboard shows exactly who was counted,
 * a second day under a new salt does not join the first day's visitors, no visitor gets a cookie
 * and no request leaves the site. On a store of the spec's own, so the counts are exact: its
 * clock is the spec's (moved a day on for the second day), and it trusts the loopback as a
 * proxy, so X-Forwarded-For gives each visitor an address of its own.
 */
import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  type Request,
  test,
} from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { docImage } from "./helpers/doc-images.ts";
import { type OwnerStore, startOwnerStore } from "./helpers/owner-store.ts";

const PASSWORD = "the analytics spec's owner password";
const DAY_MS = 86_400_000;
const AGENTS = {
  chrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  robot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

// The store's first day starts at 10:00 UTC tomorrow (no booking schedule: the owner's zone is
// UTC), so no visit of the spec straddles midnight; the second day is 24 hours on.
const firstDayAt = Date.UTC(
  new Date().getUTCFullYear(),
  new Date().getUTCMonth(),
  new Date().getUTCDate() + 1,
  10,
);
let clockOffset = firstDayAt - Date.now();
const storeNow = () => Date.now() + clockOffset;

let store: OwnerStore;
test.describe.configure({ mode: "serial" });
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 768,
  "one store counts once, in the desktop project; the dashboard is checked at 375 px there too",
);
test.beforeAll(async () => {
  store = await startOwnerStore(PASSWORD, {
    now: storeNow,
    trustProxy: "127.0.0.1",
    contact: { minMs: 0, workBits: 1 },
    settings: { bookingUrl: "https://cal.example/consultant" },
  });
});
test.afterAll(async () => store?.close());

type Visitor = { agent: string; address: string; javaScript?: boolean };

type Visit = { context: BrowserContext; page: Page; offSite: string[] };

/** Opens `path` as `visitor` in a browser of its own, waiting until the view is counted. */
async function visit(
  browser: Browser,
  visitor: Visitor,
  path = "/",
  referer?: string,
): Promise<Visit> {
  const javaScript = visitor.javaScript ?? true;
  const context = await browser.newContext({
    userAgent: visitor.agent,
    javaScriptEnabled: javaScript,
    extraHTTPHeaders: { "x-forwarded-for": visitor.address },
  });
  const offSite: string[] = [];
  context.on("request", (request) => {
    if (!request.url().startsWith(`${store.url}/`)) offSite.push(request.url());
  });
  const page = await context.newPage();
  const counted = context.waitForEvent("requestfinished", {
    predicate: (request: Request) => /\/a\/(e|p\.gif)/.test(request.url()),
  });
  await page.goto(`${store.url}${path}`, referer === undefined ? {} : { referer });
  await counted;
  return { context, page, offSite };
}

/** Ends the visit (the page's last beacon goes as it is hidden) and checks what it left behind. */
async function leave({ context, page, offSite }: Visit): Promise<void> {
  await page.close({ runBeforeUnload: true });
  expect(await context.cookies()).toEqual([]);
  expect(offSite).toEqual([]);
  await context.close();
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${store.url}/admin#analytics`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // A password check may queue behind other specs' sign-ins (e2e/helpers/owner-session.ts).
  await expect(page.getByRole("heading", { level: 2, name: "Analytics" })).toBeVisible({
    timeout: 15_000,
  });
}

/** A headline figure's value ("Visitors" → "3"). */
function figure(page: Page, label: string) {
  return page
    .locator("dl > div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator("dd")
    .first();
}

/** The rows of the part of the dashboard titled `title`, each as "label count", sorted. */
async function listed(page: Page, title: string): Promise<string[]> {
  const rows = page.getByRole("region", { name: title, exact: true }).locator("tbody tr");
  const lines = await rows.evaluateAll((found) =>
    found.map(
      (row) =>
        `${row.querySelector("th")?.textContent ?? ""} ${row.querySelector("td")?.textContent ?? ""}`,
    ),
  );
  return lines.sort();
}

async function showRange(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name, exact: true }).click();
  await expect(page.getByRole("button", { name, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.locator("[aria-busy='true']")).toHaveCount(0);
}

/** Scrolls `target` to just below the editor's sticky header, once colours stop changing. */
async function atTop(page: Page, target: Locator): Promise<void> {
  await target.evaluate((element) => {
    element.scrollIntoView({ block: "start" });
    window.scrollBy(0, -80);
  });
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running"),
  );
}

const ALICE = { agent: AGENTS.chrome, address: "203.0.113.10" };
const BOB = { agent: AGENTS.firefox, address: "203.0.113.20", javaScript: false };
const CARA = { agent: AGENTS.iphone, address: "203.0.113.30" };

test("visitors with and without JavaScript are counted once a day each; the robot and the owner never", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Alice comes from LinkedIn, then again on her own: one visitor, two views.
  await leave(await visit(browser, ALICE, "/", "https://www.linkedin.com/feed/"));
  await leave(await visit(browser, ALICE));
  // Bob has no JavaScript: the page's <noscript> picture counts him.
  await leave(await visit(browser, BOB));

  // Cara follows the newsletter's link, writes through the contact form and opens the booking link.
  const cara = await visit(
    browser,
    CARA,
    "/?utm_source=newsletter&utm_medium=email&utm_campaign=spring",
  );
  const form = cara.page.getByRole("form", { name: "Or write to me here" });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel("Your name").fill("Cara Reader");
  await form.getByLabel("Your e-mail").fill("cara@example.com");
  await form.getByLabel("Your message").fill("Could we talk about a project?");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(cara.page.getByRole("heading", { name: "Thank you" })).toBeVisible({
    timeout: 15_000,
  });
  const booking = await cara.context.request.get(`${store.url}/go/booking`, { maxRedirects: 0 });
  expect([booking.status(), booking.headers().location]).toEqual([
    302,
    "https://cal.example/consultant",
  ]);
  await leave(cara);

  // A robot that runs the page's script, and the owner looking at the page while signed in.
  await leave(await visit(browser, { agent: AGENTS.robot, address: "203.0.113.40" }));
  const owner = await browser.newContext({
    userAgent: AGENTS.chrome,
    extraHTTPHeaders: { "x-forwarded-for": "203.0.113.50" },
  });
  const ownerPage = await owner.newPage();
  await signIn(ownerPage);
  const counted = owner.waitForEvent("requestfinished", {
    predicate: (request: Request) => request.url().endsWith("/a/e"),
  });
  await ownerPage.goto(`${store.url}/`);
  await counted;

  await ownerPage.goto(`${store.url}/admin#analytics`);
  await showRange(ownerPage, "Today");
  await expect(figure(ownerPage, "Visitors")).toHaveText("3");
  await expect(figure(ownerPage, "Page views")).toHaveText("4");
  await expect(figure(ownerPage, "Conversions")).toHaveText("2");
  expect(await listed(ownerPage, "Referring sites")).toEqual([
    "Direct (no referrer) 2",
    "linkedin.com 1",
  ]);
  expect(await listed(ownerPage, "Campaign sources (UTM source)")).toEqual(["newsletter 1"]);
  expect(await listed(ownerPage, "Campaign media (UTM medium)")).toEqual(["email 1"]);
  expect(await listed(ownerPage, "Campaigns (UTM campaign)")).toEqual(["spring 1"]);
  expect(await listed(ownerPage, "Browsers")).toEqual(["Chrome 1", "Firefox 1", "Safari 1"]);
  expect(await listed(ownerPage, "Devices")).toEqual(["Desktop 2", "Phone 1"]);
  expect(await listed(ownerPage, "Conversions")).toEqual([
    "Booking link clicks 1",
    "Booking page opened 0",
    "Bookings made 0",
    "Client sign-ups 0",
    "Contact messages 1",
  ]);
  const funnel = ownerPage.getByRole("table", { name: "Visitors at each step" });
  expect(await funnel.getByRole("row").allTextContents()).toEqual([
    "StepVisitors",
    "Visited3",
    // The booking link leads to the owner's scheduler elsewhere: Cara went to book.
    "Went to book1",
    "Booked0",
  ]);
  const bySource = ownerPage.getByRole("table", { name: /^By source/ }).locator("tbody tr");
  const cells = await bySource.evaluateAll((rows) =>
    rows.map((row) =>
      [...row.children].map((cell) => cell.textContent?.replace(/\s+/g, " ")).join(" | "),
    ),
  );
  // Source, visitors, went to book, booked, rate.
  expect(cells.sort()).toEqual([
    "Direct (no referrer) | 1 | 0 | 0 | 0 %",
    "linkedin.com | 1 | 0 | 0 | 0 %",
    "newsletter | 1 | 1 | 0 | 0 %",
  ]);
  await owner.close();
});

test("on the second day the same visitor is a new one: the days' visitors add up, never join", async ({
  browser,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  clockOffset += DAY_MS;
  await leave(await visit(browser, ALICE));

  await page.setExtraHTTPHeaders({ "x-forwarded-for": "203.0.113.50" });
  await signIn(page);
  await showRange(page, "Today");
  await expect(figure(page, "Visitors")).toHaveText("1");
  await expect(figure(page, "Page views")).toHaveText("1");
  await showRange(page, "7 days");
  await expect(figure(page, "Visitors")).toHaveText("4");
  await expect(figure(page, "Page views")).toHaveText("5");
  await expect(
    page.getByRole("region", { name: "Last 30 minutes" }).getByText(/^1\s*visitor/),
  ).toBeVisible();
  // Under the test surface: one salt is left, the second day's, and Alice's two days are two ids.
  const secondDay = new Date(storeNow()).toISOString().slice(0, 10);
  const salts = store.db.prepare<[], { day: string }>("SELECT day FROM analytics_salts").all();
  expect(salts.map((salt) => salt.day)).toEqual([secondDay]);
  const visitorDays = store.db
    .prepare<[], { visitor: string }>("SELECT visitor FROM analytics_visitors")
    .all();
  expect(visitorDays).toHaveLength(4);
  expect(new Set(visitorDays.map((row) => row.visitor)).size).toBe(4);

  await page.setViewportSize({ width: 1280, height: 900 });
  await atTop(page, page.getByRole("heading", { level: 2, name: "Analytics" }));
  await docImage(page, testInfo, "analytics-dashboard.png");
  await atTop(page, page.getByRole("heading", { name: "From visit to booking" }));
  await docImage(page, testInfo, "analytics-funnel.png");
  await page.emulateMedia({ colorScheme: "dark" });
  await atTop(page, page.getByRole("heading", { level: 2, name: "Analytics" }));
  await docImage(page, testInfo, "analytics-dashboard-dark.png");

  for (const colorScheme of ["light", "dark"] as const) {
    for (const width of [375, 1280]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 900 });
      expect(await violations(page, "main")).toEqual([]);
    }
  }
});
