import { expect, type Page, test } from "@playwright/test";

// The page's paper colour in each theme (apps/site/src/theme.css and theme-dark.css).
const LIGHT_PAPER = "rgb(247, 245, 240)";
const DARK_PAPER = "rgb(17, 25, 23)";

const background = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

const toggle = (page: Page) => page.getByRole("button", { name: "Dark theme" });

/** Keeps the page's scripts from loading: what remains is the HTML's own effect. */
async function blockBundle(page: Page) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

test("follows the system's dark preference when the visitor has not chosen", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  expect(await background(page)).toBe(DARK_PAPER);
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
});

test("follows the system's light preference when the visitor has not chosen", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  expect(await background(page)).toBe(LIGHT_PAPER);
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
});

test("the toggle switches at once and the choice is remembered on the next visit", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
  expect(await background(page)).toBe(DARK_PAPER);

  await page.reload();
  expect(await background(page)).toBe(DARK_PAPER);
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");
});

test("a light choice holds on a system that prefers dark", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "false");
  await page.reload();
  expect(await background(page)).toBe(LIGHT_PAPER);
});

test("a remembered choice applies from the HTML alone, before any of the page's scripts", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute("aria-pressed", "true");

  // Without the bundle only the head's inline script and the inlined CSS can set the theme:
  // both run before the body is parsed, so the first paint already has it.
  await blockBundle(page);
  await page.reload({ waitUntil: "commit" });
  await page.waitForLoadState("domcontentloaded");
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  expect(await background(page)).toBe(DARK_PAPER);
});

test("the head's theme script is the only inline code and runs before the body", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  const head = html.slice(0, html.indexOf("</head>"));
  const inlineCode = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter(
    ([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes ?? ""),
  );
  expect(inlineCode).toHaveLength(1);
  expect(head).toContain('localStorage.getItem("theme")');
});
