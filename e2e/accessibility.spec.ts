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

test("the editor's sign-in has no axe violations", async ({ page }) => {
  ensureOwnerPassword();
  await page.goto("/admin");
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the editor has no axe violations, the settings form included", async ({ page }) => {
  ensureOwnerPassword();
  await signIn(page, "/admin#SiteSettings");
  await expect(page.getByRole("heading", { level: 2, name: "Site settings" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
