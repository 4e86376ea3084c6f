import { expect, test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { ensureOwnerPassword, signIn } from "./helpers/owner-session.ts";
import { revealAll } from "./helpers/reveal-all.ts";

// Each project runs these at its width: desktop (1280 px) and phone (375 px).
for (const colorScheme of ["light", "dark"] as const) {
  test(`the page has no axe violations in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/");
    await revealAll(page);
    expect(await violations(page)).toEqual([]);
  });

  test(`the open mobile menu and service details have no axe violations in the ${colorScheme} theme`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/");
    await revealAll(page);
    const menu = page.getByRole("button", { name: /menu/i });
    if (await menu.isVisible()) await menu.click();
    await page.locator("#services").getByRole("button").first().click();
    expect(await violations(page)).toEqual([]);
  });
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`the editor's sign-in has no axe violations in the ${colorScheme} scheme`, async ({
    page,
  }) => {
    ensureOwnerPassword();
    await page.emulateMedia({ colorScheme });
    await page.goto("/admin");
    await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });

  test(`the editor follows the ${colorScheme} scheme with no axe violations in its sections`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    ensureOwnerPassword();
    await page.emulateMedia({ colorScheme });
    await signIn(page, "/admin#SiteSettings");
    await expect(page.getByRole("heading", { level: 2, name: "Site settings" })).toBeVisible();
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe(colorScheme === "dark" ? "rgb(17, 25, 23)" : "rgb(247, 245, 240)");
    expect(await violations(page)).toEqual([]);
    for (const [hash, heading] of [
      ["Pictures", "Pictures"],
      ["messages", "Messages"],
      ["members", "Members"],
      ["files", "Files"],
      ["booking", "Booking"],
      ["account", "Account"],
    ] as const) {
      await page.goto(`/admin#${hash}`);
      await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      expect(await violations(page, "main section:not([hidden])")).toEqual([]);
    }
  });
}
