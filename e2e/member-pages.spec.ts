/**
 * The store's member pages (`/members/...`) in the site's look: axe finds nothing in
 * either scheme at either width, signed out and signed in (the client area, the account, the
 * set-up of two-step verification), every page (errors too) leads back to the site and the
 * client area, the visitor's stored theme applies, the old addresses lead to the new pages, a blocked member with the right password is told to
 * contact the owner (a wrong password learns nothing), and an approved member gets a mail.
 * The desktop run saves the screenshots docs/members.md shows.
 */
import { expect, type Page, test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { docImage, updatingDocImages } from "./helpers/doc-images.ts";
import { ensureOwnerPassword, signIn } from "./helpers/owner-session.ts";
import {
  addMember,
  MEMBER_PASSWORD,
  sendMemberSignIn,
  signInAsMember,
  uniqueEmail,
} from "./helpers/site-members.ts";
import { withStoreDb } from "./helpers/store-db.ts";

async function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

const PAGES = [
  { path: "/members/sign-in", heading: "Sign in" },
  { path: "/members/sign-up", heading: "Create an account" },
  { path: "/members/forgot-password", heading: /password/i },
  { path: "/members/reset-password?token=not-a-token", heading: /./ },
  { path: "/members/authorize", heading: /./ },
];

test.beforeAll(() => ensureOwnerPassword());

function setStatus(email: string, status: string, reasons: string[]): void {
  withStoreDb((db) =>
    db
      .prepare("UPDATE identities SET status = ?, reasons = ? WHERE email = ?")
      .run(status, JSON.stringify(reasons), email),
  );
}

function outboxMail(email: string): { subject: string; body: string } | undefined {
  return withStoreDb((db) =>
    db
      .prepare<[string], { subject: string; body: string }>(
        "SELECT subject, body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1",
      )
      .get(email),
  );
}

for (const colorScheme of ["light", "dark"] as const) {
  test(`every member page passes axe in the ${colorScheme} scheme and leads back to the site`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme });
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const site = page.getByRole("navigation", { name: "Site" });
      await expect(site.getByRole("link", { name: "Back to the site" })).toHaveAttribute(
        "href",
        "/",
      );
      await expect(site.getByRole("link", { name: "Client area" })).toHaveAttribute(
        "href",
        "/members/client-area",
      );
      expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    }
  });

  test(`every signed-in member page passes axe in the ${colorScheme} scheme and fits the screen`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme });
    const email = uniqueEmail(`pages-${colorScheme}`, testInfo.project.name);
    await addMember(email);
    await signInAsMember(page, email);
    const check = async (heading: string | RegExp) => {
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const site = page.getByRole("navigation", { name: "Site" });
      await expect(site.getByRole("link", { name: "Back to the site" })).toBeVisible();
      const path = new URL(page.url()).pathname;
      expect({ path, violations: await violations(page) }).toEqual({ path, violations: [] });
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    };
    await check(/^(Your client area|Welcome, )/);
    await page.getByRole("link", { name: "Your account" }).click();
    await check("Your account");
    // A refused change shows its errors on the page: those are checked too.
    await page.getByRole("button", { name: "Save the name" }).click();
    await expect(page.getByRole("alert").or(page.getByText("Enter your name."))).toBeVisible();
    await check("Your account");
    await page.getByRole("button", { name: "Set up two-step verification" }).click();
    await check("Set up two-step verification");
    await page.goto("/members/account");
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await check("Signed out");
  });
}

test("the theme the visitor chose on the site applies to the member pages", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/members/sign-in");
  const paper = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const light = await paper();
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  expect(await paper()).not.toBe(light);
  expect(await violations(page)).toEqual([]);
  await page.evaluate(() => localStorage.removeItem("theme"));
});

test("a blocked member with the right password is told to contact the owner; a wrong one learns nothing", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("blocked", testInfo.project.name);
  await addMember(email);
  setStatus(email, "BLOCKED", []);

  await page.goto("/members/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await sendMemberSignIn(page, "not the password at all");
  await expect(page.getByRole("alert")).toHaveText("Wrong e-mail or password.");

  await page.getByLabel("E-mail").fill(email);
  await sendMemberSignIn(page, MEMBER_PASSWORD);
  await expect(page.getByRole("alert")).toContainText(
    "Your account is blocked. Contact the site's owner",
  );
  await expect(page.getByRole("link", { name: "Back to the site" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await docImage(page, testInfo, "member-blocked.png");

  // The old address of the site's sign-in (/account, in mails sent before) leads to the same page.
  await page.goto("/account");
  await expect(page).toHaveURL(/\/members\/sign-in$/);
  await page.getByLabel("E-mail").fill(email);
  await sendMemberSignIn(page, MEMBER_PASSWORD);
  await expect(page.getByRole("alert")).toContainText(
    "Your account is blocked. Contact the site's owner",
  );
  await page.goto("/client-area");
  await expect(page).toHaveURL(/\/members\/sign-in$/);
});

test("the owner sees who waits in /admin, approves them, and the member gets a mail", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("waiting", testInfo.project.name);
  await addMember(email);
  setStatus(email, "PENDING", ["PENDING_ADMIN_APPROVAL_REQUIRED"]);
  await signIn(page, "/admin#members");
  await expect(page.getByRole("link", { name: /Members \d+ waiting/ })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search by e-mail" }).fill(email);
  await page.getByRole("button", { name: `Approve ${email}` }).click();
  await expect.poll(() => outboxMail(email)?.subject).toBe("Your account is approved");
  expect(outboxMail(email)?.body).toContain("you can sign in now");
});

test("the client area greets the client by name and shows the owner's contact", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("greet", testInfo.project.name);
  const memberId = await addMember(email);
  withStoreDb((db) =>
    db
      .prepare("UPDATE identities SET profile = ? WHERE email = ?")
      .run('{"firstName":"Ada"}', email),
  );
  // Something shared with Ada (the sample's Welcome pack is never shown to a client).
  const resourceId = `greet-${memberId}`;
  const now = Date.now();
  const iso = { $date: new Date(now).toISOString() };
  withStoreDb((db) =>
    db
      .prepare(
        `INSERT INTO items (collection_id, id, data, created_at, updated_at, owner_id)
         VALUES ('ClientResources', ?, ?, ?, ?, 'e2e')`,
      )
      .run(
        resourceId,
        JSON.stringify({
          _id: resourceId,
          _createdDate: iso,
          _updatedDate: iso,
          _ownerId: "e2e",
          order: 2_000_000,
          title: "Your plan",
          text: "",
          url: "https://ana.example/plan",
          memberId,
        }),
        now,
        now,
      ),
  );
  try {
    await signInAsMember(page, email);
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ada" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /^Reach / })).toBeVisible();
    // A first visit: everything shared is new; the next visit has nothing new.
    await expect(page.getByText(/^\d+ new since your last visit\.$/)).toBeVisible();
    await expect(page.getByText("New", { exact: true }).first()).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await docImage(page, testInfo, "client-area.png", { fullPage: true });
    await page.reload();
    await expect(page.getByText("Nothing new since your last visit.")).toBeVisible();
    if (updatingDocImages(testInfo)) {
      await page.goto("/members/sign-in");
      await docImage(page, testInfo, "member-sign-in.png");
      await page.emulateMedia({ colorScheme: "dark" });
      await docImage(page, testInfo, "member-sign-in-dark.png");
    }
  } finally {
    withStoreDb((db) =>
      db
        .prepare("DELETE FROM items WHERE collection_id = 'ClientResources' AND id = ?")
        .run(resourceId),
    );
  }
});

test("the client sign-in link shows by itself once the owner has a client", async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const choice = withStoreDb((db) =>
    db
      .prepare<[], { data: string }>(
        "SELECT data FROM items WHERE collection_id = 'SiteSettings' AND id = 'site'",
      )
      .get(),
  );
  // The owner's own choice wins; this is about the automatic link only.
  test.skip(
    choice !== undefined && "showClientSignIn" in JSON.parse(choice.data),
    "the owner chose",
  );
  await addMember(uniqueEmail("first-client", testInfo.project.name));
  // The store asks whether a client exists at most every 30 seconds.
  await expect
    .poll(
      async () => {
        await page.goto("/");
        return page.locator("header").getByRole("link", { name: "Client sign-in" }).count();
      },
      { timeout: 60_000, intervals: [2_000, 5_000] },
    )
    .toBe(1);
});
