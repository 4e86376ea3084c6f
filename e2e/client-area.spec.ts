/**
 * The client area in Chromium against the real store: the owner shares a resource
 * with one member in /admin and only that member sees it; the owner blocks a member and their
 * next request is refused; a new member signs up with a name, confirms the e-mail with the
 * mailed code and reaches the client area, greeted by name; the sign-in, client area and
 * account pages pass axe in both themes at the project's width.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { violations } from "./helpers/axe.ts";
import { watchCspViolations } from "./helpers/csp-violations.ts";
import { ensureOwnerPassword, signIn } from "./helpers/owner-session.ts";
import {
  addMember,
  MEMBER_PASSWORD,
  outboxCode,
  sendMemberSignIn,
  signInAsMember,
  uniqueEmail,
} from "./helpers/site-members.ts";
import { storedItemData, withStoreDb } from "./helpers/store-db.ts";

/** A page in a fresh browser context: another person on another device. */
async function personPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

function removeResource(title: string): void {
  withStoreDb((db) => {
    const rows = db
      .prepare<[], { id: string; data: string }>(
        "SELECT id, data FROM items WHERE collection_id = 'ClientResources'",
      )
      .all();
    const remove = db.prepare<[string]>(
      "DELETE FROM items WHERE collection_id = 'ClientResources' AND id = ?",
    );
    for (const row of rows) {
      if ((JSON.parse(row.data) as { title?: unknown }).title === title) remove.run(row.id);
    }
  });
}

/** A resource shared with no one in particular, which every member sees (this run's own). */
let forEveryone = "";

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook needs from this pattern.
test.beforeAll(({}, testInfo) => {
  ensureOwnerPassword();
  forEveryone = `For every client (${testInfo.project.name} ${Date.now()})`;
  const now = Date.now();
  const id = `e2e-${now}-${testInfo.project.name}`;
  const iso = { $date: new Date(now).toISOString() };
  // As the store writes items: its system fields inside the data.
  const data = {
    _id: id,
    _createdDate: iso,
    _updatedDate: iso,
    _ownerId: "e2e",
    // Numbered as the editor numbers items: one without an order would be numbered by any save
    // of the collection, such as the admin spec's, and that save would then race this spec.
    order: 1_000_000,
    title: forEveryone,
    text: "Notes for all clients",
    url: "https://example.com/notes",
  };
  withStoreDb((db) =>
    db
      .prepare(
        `INSERT INTO items (collection_id, id, data, created_at, updated_at, owner_id)
         VALUES ('ClientResources', ?, ?, ?, ?, 'e2e')`,
      )
      .run(id, JSON.stringify(data), now, now),
  );
});

test.afterAll(() => removeResource(forEveryone));

test("a resource the owner shares with one member is in that member's client area only", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const project = testInfo.project.name;
  const adaEmail = uniqueEmail("ada", project);
  const bobEmail = uniqueEmail("bob", project);
  await addMember(adaEmail);
  await addMember(bobEmail);
  const title = `Plan for Ada (${project} ${Date.now()})`;

  try {
    await signIn(page, "/admin#ClientResources");
    const editor = page.getByRole("region", { name: "Client resources" });
    await editor.getByRole("button", { name: "+ Add a resource" }).click();
    await editor.getByRole("textbox", { name: "Title" }).last().fill(title);
    await editor
      .getByRole("combobox", { name: "Shared with" })
      .last()
      .selectOption({ label: adaEmail });
    await editor.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText(/^Saved at /)).toBeVisible();

    const ada = await personPage(browser, baseURL);
    await signInAsMember(ada, adaEmail);
    const adaList = ada.getByRole("list", { name: "Resources shared with you" });
    await expect(adaList.getByRole("heading", { name: title })).toBeVisible();
    // Shared with no one in particular: every member sees it.
    await expect(adaList.getByRole("heading", { name: forEveryone })).toBeVisible();

    const bob = await personPage(browser, baseURL);
    await signInAsMember(bob, bobEmail);
    await expect(bob.getByRole("list", { name: "Resources shared with you" })).toBeVisible();
    await expect(bob.getByRole("heading", { name: forEveryone })).toBeVisible();
    await expect(bob.getByText(title)).toHaveCount(0);
    // The page is the store's own: what Bob's browser got holds nothing of Ada's.
    expect(await bob.content()).not.toContain(title);
    await ada.context().close();
    await bob.context().close();
  } finally {
    removeResource(title);
  }
});

test("a member the owner blocks in /admin is refused on their next request", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail("cara", testInfo.project.name);
  await addMember(email);
  const cara = await personPage(browser, baseURL);
  await signInAsMember(cara, email);
  await expect(cara.getByRole("heading", { name: forEveryone })).toBeVisible();

  await signIn(page, "/admin#members");
  await page.getByRole("searchbox", { name: "Search by e-mail" }).fill(email);
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: email }) });
  await expect(card.getByText("Last sign-in")).toBeVisible();
  await expect(card.getByText("Never")).toHaveCount(0);
  // Blocking asks first (window.confirm), as deleting does.
  page.once("dialog", (dialog) => void dialog.accept());
  await card.getByRole("button", { name: `Block ${email}` }).click();
  await expect(card.getByText("Blocked")).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await cara.reload();
  await expect(cara).toHaveURL(/\/members\/sign-in$/);
  await expect(cara.getByRole("heading", { name: forEveryone })).toHaveCount(0);
  await cara.context().close();
});

test("a new member signs up with a name, confirms the e-mail with the mailed code and reaches the client area", async ({
  page,
}, testInfo) => {
  const csp = await watchCspViolations(page);
  const email = uniqueEmail("dan", testInfo.project.name);
  await page.goto("/members/sign-in");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  await expect(page.getByLabel("Your name")).toBeFocused();
  await page.getByLabel("Your name").fill("Dan Example");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  const password = page.getByLabel("Password");
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(/at least 8 characters/);
  await expect(page.getByLabel("Your name")).toHaveValue("Dan Example");
  await password.fill(MEMBER_PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
  await page.getByLabel("Verification code").fill(await outboxCode(email));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/members\/client-area$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Dan Example" })).toBeVisible();
  await expect(page.getByRole("heading", { name: forEveryone })).toBeVisible();

  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page.getByText("Welcome, Dan Example.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Set up two-step verification" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Signed out" })).toBeVisible();
  await page.goto("/members/client-area");
  await expect(page).toHaveURL(/\/members\/sign-in$/);
  expect(await csp()).toEqual([]);
});

test("a member with two-step verification on signs in with the app's code", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("eve", testInfo.project.name);
  await addMember(email);
  await signInAsMember(page, email);
  await page.goto("/members/account");
  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  const key = ((await page.locator("#manual-key").textContent()) ?? "").replace(/\s+/g, "");
  const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible();

  await page.goto("/members/account");
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.goto("/members/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await sendMemberSignIn(page, MEMBER_PASSWORD);
  await expect(
    page.getByRole("heading", { level: 1, name: "Two-step verification" }),
  ).toBeVisible();
  // The next period's code: the enrolment's may not be used twice.
  const code = page.getByLabel("Code from your authenticator app");
  await expect(code).toBeFocused();
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/members\/client-area$/);
  await expect(page.getByRole("heading", { name: forEveryone })).toBeVisible();
});

test("a wrong password is refused with a message tied to the form", async ({ page }) => {
  await page.goto("/members/sign-in");
  await page.getByLabel("E-mail").fill("nobody@example.com");
  await sendMemberSignIn(page, "not the password");
  await expect(page.getByRole("alert")).toHaveText("Wrong e-mail or password.");
  await expect(page.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    "Wrong e-mail or password.",
  );
  await expect(page).toHaveURL(/\/members\/sign-in$/);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the sign-in page, the client area and the account page have no axe violations in the ${colorScheme} theme`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme });
    // Nothing wider than the screen (375 px on the phone project).
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    await page.goto("/members/sign-in");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    const email = uniqueEmail(`axe-${colorScheme}`, testInfo.project.name);
    await addMember(email);
    await signInAsMember(page, email);
    await expect(page.getByRole("heading", { name: forEveryone })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.getByRole("link", { name: "Your account" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
}

test("visitors see no member feature while the sign-in link is off, and load none of its code", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  const linkOn = storedItemData("SiteSettings", "site")?.showClientSignIn;
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Off only when the owner turned it off: otherwise it turns itself on once a client exists
  // (other specs add members), and the settings spec turns it on for a moment in another worker.
  if (linkOn === false) await expect(page.getByRole("link", { name: /sign-in/i })).toHaveCount(0);
  expect(scripts.filter((path) => /account|client-area|member/.test(path))).toEqual([]);
});
