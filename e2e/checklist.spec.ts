/**
 * The owner's first-run checklist: each link lands on the field it names, not the top of a
 * section, and "Remove the sample content" asks first, saying what goes and what stays. (The
 * removal itself is left to the editor's tests: the e2e store is shared by every spec.)
 */
import { expect, test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { ensureOwnerPassword, signIn } from "./helpers/owner-session.ts";

test.beforeAll(() => ensureOwnerPassword());

test("a checklist link lands on its field, focused", async ({ page }) => {
  await signIn(page, "/admin");
  const checklist = page.getByRole("region", { name: "Getting started" });
  await checklist.getByRole("link", { name: /^Show the client sign-in/ }).click();
  const choice = page.getByRole("group", { name: /client sign-in link/ });
  await expect(choice).toBeFocused();
  await expect(choice).toBeInViewport();
  await expect(page).toHaveURL(/#SiteSettings\/f-SiteSettings-site-showClientSignIn$/);
});

test("Remove the sample content asks first, and Keep it leaves everything", async ({ page }) => {
  await signIn(page, "/admin");
  const checklist = page.getByRole("region", { name: "Getting started" });
  await checklist.getByRole("button", { name: /^Remove the sample content/ }).click();
  const dialog = page.getByRole("dialog", { name: "Remove the sample content?" });
  await expect(dialog).toContainText("invented client logos");
  await expect(dialog).toContainText("Welcome pack");
  await expect(dialog).toContainText("The page's words stay");
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await violations(page)).toEqual([]);
  }
  await dialog.getByRole("button", { name: "Keep it" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(checklist.getByRole("button", { name: /^Remove the sample content/ })).toBeVisible();
});
