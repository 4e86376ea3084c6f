import { expect, type Page, test } from "@playwright/test";
import { ensureOwnerPassword, signIn, snapshotItems } from "./helpers/owner-session.ts";
import { revealAll } from "./helpers/reveal-all.ts";
import { withStoreDb } from "./helpers/store-db.ts";

// One worker runs these in order, at desktop width only (the settings item is shared by the whole
// store); each test puts the settings back. Other specs assert nothing these tests change.
test.describe.configure({ mode: "serial" });
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 768,
  "the settings are edited once, at desktop width",
);
test.beforeAll(() => ensureOwnerPassword());

const BOOKING_URL = "https://scheduler.example.test/alex/intro-call";
const SITE_URL = "https://www.consultant.example";

let restore: () => void = () => {};
test.beforeEach(() => {
  restore = snapshotItems("SiteSettings", ["site"]);
});
test.afterEach(() => restore());

const field = (page: Page, label: string) =>
  page.getByRole("textbox", { name: new RegExp(`^${label}`) });

async function editSettings(page: Page, values: Record<string, string>) {
  await signIn(page, "/admin#SiteSettings");
  await expect(page.getByRole("heading", { level: 2, name: "Site settings" })).toBeVisible();
  for (const [label, value] of Object.entries(values)) await field(page, label).fill(value);
  await page.getByRole("button", { name: "Save changes" }).click();
}

async function saveSettings(page: Page, values: Record<string, string>) {
  await editSettings(page, values);
  await expect(page.getByText(/^Saved at /)).toBeVisible();
}

type JsonLdNode = Record<string, unknown> & { "@type": string };

async function structuredData(page: Page): Promise<JsonLdNode[]> {
  const json = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(json ?? "null") as { "@context": string; "@graph": JsonLdNode[] };
  expect(data["@context"]).toBe("https://schema.org");
  return data["@graph"];
}

test("settings edited in /admin are on the page at its next load", async ({ page }) => {
  const site = await page.context().newPage();
  await site.goto("/");
  // Before a link is set, the booking button leads to the site's own booking page.
  await expect(site.locator("[data-booking-link]").first()).toHaveAttribute("href", "/book");

  await saveSettings(page, {
    Phone: "+1 555 0199",
    "Booking link": BOOKING_URL,
    "Page title": "Alex Sample | Consulting for owner-led companies",
    "Site address": SITE_URL,
  });

  await site.reload();
  await expect(site).toHaveTitle("Alex Sample | Consulting for owner-led companies");
  await expect(site.locator("#contact a[href^='tel:']")).toHaveAttribute("href", "tel:+15550199");
  await expect(site.locator('link[rel="canonical"]')).toHaveAttribute("href", `${SITE_URL}/`);
  await expect(site.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${SITE_URL}/share-card.png`,
  );
  for (const section of ["#home", "#contact"]) {
    const booking = site.locator(section).getByRole("link", {
      name: /Book a free introductory call/,
    });
    // Through the store, which counts the click and redirects to the scheduler.
    await expect(booking).toHaveAttribute("href", "/go/booking");
    await expect(booking).toHaveAttribute("target", "_blank");
    await expect(booking).toHaveAttribute("rel", "noopener noreferrer");
  }
});

test("the booking link loads nothing from the scheduler until the visitor clicks it", async ({
  page,
}) => {
  await saveSettings(page, { "Booking link": BOOKING_URL });
  const context = page.context();
  const requested: string[] = [];
  context.on("request", (request) => requested.push(request.url()));
  await context.route("https://scheduler.example.test/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>Scheduler</title>" }),
  );

  const site = await context.newPage();
  await site.goto("/");
  await revealAll(site);
  const origin = new URL(site.url()).origin;
  expect(requested.filter((url) => !url.startsWith(origin))).toEqual([]);

  const [scheduler] = await Promise.all([
    context.waitForEvent("page"),
    site
      .locator("#contact")
      .getByRole("link", { name: /Book a free introductory call/ })
      .click(),
  ]);
  // The link goes through the store's /go/booking (counted without JavaScript), which sends the
  // browser on to the scheduler. A route handler sees only the first address of a redirect, so
  // the scheduler's address is read from the browser's own record of its requests.
  await expect.poll(() => requested).toContain(BOOKING_URL);
  const followed = requested.filter((url) => !url.startsWith(origin) || url.includes("/go/"));
  expect(followed.map((url) => url.replace(origin, ""))).toEqual(["/go/booking", BOOKING_URL]);
  await scheduler.close();
});

test("an e-mail, phone or address the page could not use is refused and nothing is saved", async ({
  page,
}) => {
  await editSettings(page, {
    "E-mail": "alex@",
    Phone: "call me",
    "Booking link": "javascript:alert(1)",
    "Site address": "www.example.com",
  });
  await expect(page.getByText("Not saved: 4 fields need attention.")).toBeVisible();
  await expect(field(page, "E-mail")).toHaveAccessibleDescription(/Enter an e-mail address/);
  await expect(field(page, "Phone")).toHaveAccessibleDescription(/5 to 15 digits/);
  await expect(field(page, "Booking link")).toHaveAccessibleDescription(/starting with https/);
  await expect(field(page, "Site address")).toHaveAccessibleDescription(/page's address/);

  await page.goto("/");
  await expect(page.locator("#contact a[href^='mailto:']")).toHaveAttribute(
    "href",
    "mailto:hello@example.com",
  );
  await expect(page.locator("[data-booking-link]").first()).toHaveAttribute("href", "/book");
});

test("the JSON-LD describes the owner and the business with the services on the page", async ({
  page,
}) => {
  await saveSettings(page, { "Site address": SITE_URL });
  await page.goto("/");
  const graph = await structuredData(page);
  const person = graph.find((node) => node["@type"] === "Person");
  const business = graph.find((node) => node["@type"] === "ProfessionalService");
  expect(person).toMatchObject({
    "@id": `${SITE_URL}/#person`,
    name: "Alex Sample",
    url: `${SITE_URL}/`,
    worksFor: { "@id": `${SITE_URL}/#business` },
  });
  expect(business).toMatchObject({
    name: "Sample Consulting LLC",
    email: "hello@example.com",
    founder: { "@id": `${SITE_URL}/#person` },
    image: `${SITE_URL}/share-card.png`,
  });
  const catalog = business?.hasOfferCatalog as {
    itemListElement: { "@type": string; name: string }[];
  };
  expect(catalog.itemListElement.every((service) => service["@type"] === "Service")).toBe(true);
  const offered = catalog.itemListElement.map((service) => service.name);
  const cards = await page.locator("#services h3").allTextContents();
  expect(offered).toEqual(cards.map((title) => title.trim()));
});

test("robots.txt and sitemap.xml name the site's address from the settings", async ({
  page,
  request,
}) => {
  await saveSettings(page, { "Site address": SITE_URL });
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`<loc>${SITE_URL}/</loc>`);
  const lastmod = /<lastmod>([^<]+)<\/lastmod>/.exec(sitemap)?.[1] ?? "";
  // The settings were just saved: the latest change is theirs (or a later one by another spec).
  const saved = withStoreDb(
    (db) =>
      db
        .prepare<[], { updated_at: number }>(
          "SELECT updated_at FROM items WHERE collection_id = 'SiteSettings' AND id = 'site'",
        )
        .get()?.updated_at,
  );
  expect(Date.parse(lastmod)).toBeGreaterThanOrEqual(saved ?? Number.POSITIVE_INFINITY);
});

test("the client sign-in link shows in the header once the owner turns it on", async ({ page }) => {
  await signIn(page, "/admin#SiteSettings");
  await page
    .getByRole("group", { name: /client sign-in link/ })
    .getByRole("radio", { name: /Always shown/ })
    .check();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText(/^Saved at /)).toBeVisible();
  await page.goto("/");
  await expect(
    page.locator("header").getByRole("link", { name: "Client sign-in" }),
  ).toHaveAttribute("href", "/members/client-area");
  // The header still fits the screen (375 px on the phone project).
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
