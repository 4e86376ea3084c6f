/**
 * The security page in Chromium against the real store: a member signed in on two
 * devices ends the other one from /members/account and that device is refused on its next request; the
 * export downloads; the account is deleted; the owner sees an edit in the audit log.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ensureOwnerPassword, signIn, snapshotItems } from "./helpers/owner-session.ts";
import { addMember, signInAsMember, uniqueEmail } from "./helpers/site-members.ts";
import { withStoreDb } from "./helpers/store-db.ts";

test.describe.configure({ mode: "serial" });
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 768,
  "the security page is checked at desktop and tablet widths",
);

async function devicePage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

const sessions = (page: Page) => page.getByRole("list", { name: "Sessions" }).getByRole("listitem");

test("a member ends the session on their other device, which is refused on its next request", async ({
  browser,
  baseURL,
}, info) => {
  const email = uniqueEmail("two-devices", info.project.name);
  await addMember(email);
  const laptop = await devicePage(browser, baseURL);
  const phone = await devicePage(browser, baseURL);
  await signInAsMember(laptop, email);
  await signInAsMember(phone, email);

  await laptop.goto("/members/account");
  await expect(sessions(laptop)).toHaveCount(2);
  await expect(sessions(laptop).filter({ hasText: "(this device)" })).toHaveCount(1);
  await sessions(laptop)
    .filter({ hasNotText: "(this device)" })
    .getByRole("button", { name: /^End this session/ })
    .click();
  await expect(laptop.getByRole("status")).toHaveText("That session is ended.");
  await expect(sessions(laptop)).toHaveCount(1);

  // The phone's next page asks it to sign in again.
  await phone.goto("/members/account");
  await expect(phone).toHaveURL(/\/members\/sign-in$/);
  await expect(phone.getByRole("list", { name: "Sessions" })).toHaveCount(0);
  await laptop.reload();
  await expect(sessions(laptop)).toHaveCount(1);
});

test("a member downloads their data, then deletes the account", async ({ page }, info) => {
  const email = uniqueEmail("leaving", info.project.name);
  await addMember(email);
  await signInAsMember(page, email);
  await page.goto("/members/account");
  await expect(page.getByRole("list", { name: "Recent sign-ins" })).toContainText("signed in");

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download your data" }).click();
  expect((await download).suggestedFilename()).toMatch(/^account-\d{4}-\d{2}-\d{2}\.zip$/);

  // The deletion asks to tick the box first.
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(
    page.getByRole("checkbox", { name: "Yes, delete my account for good" }),
  ).toBeFocused();
  await page.getByRole("checkbox", { name: "Yes, delete my account for good" }).check();
  await page.getByRole("button", { name: "Delete my account" }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Your account is deleted" }),
  ).toBeVisible();
  const left = withStoreDb((db) =>
    db
      .prepare<[string], { n: number }>("SELECT count(*) AS n FROM identities WHERE email = ?")
      .get(email),
  );
  expect(left?.n).toBe(0);
});

test("the owner sees their edit in the audit log", async ({ page }) => {
  ensureOwnerPassword();
  // The About heading: the admin spec edits the About text meanwhile, and two editors saving one
  // item at once would meet in a conflict. It still reads "About ..." for the sections spec.
  const restore = snapshotItems("About", ["about-heading"]);
  try {
    await signIn(page);
    await page
      .getByRole("navigation", { name: "Content" })
      .getByRole("link", { name: "About me" })
      .click();
    await page.getByRole("textbox", { name: "About heading" }).fill(`About {name}, ${Date.now()}`);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/^Saved at /)).toBeVisible();

    await page.getByRole("link", { name: "Account" }).click();
    const log = page.getByRole("list", { name: "Audit log" });
    // Other specs' owner sign-ins and saves are logged meanwhile: the entry need not be first.
    const newest = log.getByRole("listitem").filter({ hasText: "You changed the About me." });
    await expect(newest.first()).toBeVisible();
    await expect(page.getByRole("list", { name: "Sessions" })).toContainText("(this device)");
  } finally {
    restore();
  }
});
