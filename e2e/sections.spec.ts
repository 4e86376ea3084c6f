import { expect, test } from "@playwright/test";

test("the page shows header, seven sections in order and footer", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(String(new Date().getFullYear()));
  const headings = page.locator("main section :is(h1, h2)");
  await expect(headings).toHaveCount(7);
  const texts = await headings.allInnerTexts();
  expect(texts.slice(1).map((t) => t.trim())).toEqual([
    expect.stringMatching(/^ABOUT /),
    "CORE SERVICES",
    "PREVIOUS CLIENTS",
    "IDEAL CLIENTS",
    "WHY WORK WITH ME",
    expect.any(String),
  ]);
});

test("service cards expand and collapse independently", async ({ page }) => {
  await page.goto("/");
  const services = page.locator("#services");
  await services.scrollIntoViewIfNeeded();
  const toggles = services.getByRole("button");
  expect(await toggles.count()).toBeGreaterThanOrEqual(2);
  const first = toggles.nth(0);
  const second = toggles.nth(1);
  await expect(first).toHaveText("More Information");
  await expect(first).toHaveAttribute("aria-expanded", "false");

  await first.click();
  await expect(first).toHaveText("Hide Details");
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await expect(second).toHaveText("More Information");
  const firstDetails = page.locator(`#${await first.getAttribute("aria-controls")}`);
  await expect(firstDetails).toBeVisible();
  await expect(firstDetails.locator("h3, h4, dt").first()).not.toBeEmpty();

  await second.click();
  await expect(first).toHaveText("Hide Details");
  await expect(second).toHaveText("Hide Details");

  await first.click();
  await expect(first).toHaveText("More Information");
  await expect(firstDetails).toBeHidden();
  await expect(second).toHaveText("Hide Details");
});

test("contact offers mail and phone links, and one form that posts to the store", async ({
  page,
}) => {
  await page.goto("/");
  const contact = page.locator("#contact");
  await expect(contact).toContainText("Schedule a free introductory call.");
  await expect(contact.locator('a[href^="mailto:"]')).toHaveCount(1);
  await expect(contact.locator('a[href^="tel:"]')).toHaveCount(1);
  await expect(page.locator("form")).toHaveCount(1);
  await expect(contact.locator("form")).toHaveAttribute("action", "/contact");
});

test("'Let's Chat' leads to the contact section", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Let's Chat" }).click();
  await expect(page).toHaveURL(/#contact$/);
});

test("every image has alt text and explicit dimensions", async ({ page }) => {
  await page.goto("/");
  const images = await page.locator("img").evaluateAll((imgs) =>
    imgs.map((img) => ({
      alt: img.getAttribute("alt"),
      width: img.getAttribute("width"),
      height: img.getAttribute("height"),
    })),
  );
  expect(images.length).toBeGreaterThanOrEqual(20);
  for (const image of images) {
    expect(image.alt).not.toBeNull();
    expect(Number(image.width)).toBeGreaterThan(0);
    expect(Number(image.height)).toBeGreaterThan(0);
  }
});
