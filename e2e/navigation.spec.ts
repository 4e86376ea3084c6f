import { expect, type Page, test } from "@playwright/test";

const NAV_ITEMS = [
  { label: "Home", hash: "#home" },
  { label: "About Me", hash: "#about" },
  { label: "Services", hash: "#services" },
  { label: "Clients", hash: "#clients" },
  { label: "Why Me", hash: "#why" },
  { label: "Contact", hash: "#contact" },
] as const;

const HEADER_HEIGHT = 64;

async function expectHeadingBelowHeader(page: Page, hash: string) {
  const heading = page.locator(`${hash} :is(h1, h2)`).first();
  await expect
    .poll(async () => {
      const box = await heading.boundingBox();
      return (
        box !== null &&
        box.y >= HEADER_HEIGHT - 1 &&
        box.y + box.height <= (page.viewportSize()?.height ?? 0)
      );
    })
    .toBe(true);
}

test.describe("desktop navigation", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) < 768, "desktop only");

  test("each navigation item scrolls its section heading into view below the fixed header", async ({
    page,
  }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: /main/i });
    for (const { label, hash } of [...NAV_ITEMS].reverse()) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expectHeadingBelowHeader(page, hash);
    }
  });

  test("the header stays fixed at the top, 64 px high", async ({ page }) => {
    await page.goto("/");
    await page.mouse.wheel(0, 2000);
    const header = page.getByRole("banner");
    await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
    expect((await header.boundingBox())?.height).toBe(HEADER_HEIGHT);
  });
});

test.describe("mobile menu", () => {
  test.skip(({ viewport }) => (viewport?.width ?? 0) >= 768, "phone only");

  test("opens a list of the six items and closes when one is chosen", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: /menu/i });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    await expect(menu.getByRole("link")).toHaveText(NAV_ITEMS.map((item) => item.label));
    await menu.getByRole("link", { name: "Services" }).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    await expectHeadingBelowHeader(page, "#services");
  });

  test("closes on Escape and returns focus to the toggle", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("button", { name: /menu/i });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
  });

  test("the desktop navigation is hidden and the profile link keeps only its icon", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: /menu/i })).toBeVisible();
    const profile = page.getByRole("link", { name: /linkedin/i }).first();
    await expect(profile).toBeVisible();
    const visibleText = await profile.evaluate((el) => (el as HTMLElement).innerText.trim());
    expect(visibleText).toBe("");
  });
});

test("the profile link opens in a new tab without leaking the opener", async ({ page }) => {
  await page.goto("/");
  const profile = page.getByRole("banner").getByRole("link", { name: /linkedin/i });
  await expect(profile).toHaveAttribute("target", "_blank");
  await expect(profile).toHaveAttribute("rel", /noopener/);
  await expect(profile).toHaveAttribute("rel", /noreferrer/);
  await expect(profile).toHaveAttribute("href", /^https:\/\//);
});
