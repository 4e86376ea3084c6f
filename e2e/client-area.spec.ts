/**
 * The client area in Chromium against the real store: the owner shares a resource
 * with one member in /admin and only that member sees it; the owner blocks a member and their
 * next request is refused; a new member signs up, confirms the e-mail with the mailed code and
 * reaches the client area; both pages pass axe in both themes at the project's width.
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
  signInAsMember,
  storedAccessToken,
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
  request,
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

    // Nor can Bob's token ask the store for it.
    const asBob = await request.post("/wix-data/v2/items/query", {
      headers: { authorization: await storedAccessToken(bob) },
      data: { dataCollectionId: "ClientResources", query: { filter: { title } } },
    });
    expect(((await asBob.json()) as { dataItems: unknown[] }).dataItems).toEqual([]);
    await ada.context().close();
    await bob.context().close();
  } finally {
    removeResource(title);
  }
});

test("a member the owner blocks in /admin is refused on their next request", async ({
  page,
  browser,
  request,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail("cara", testInfo.project.name);
  await addMember(email);
  const cara = await personPage(browser, baseURL);
  await signInAsMember(cara, email);
  await expect(cara.getByRole("heading", { name: forEveryone })).toBeVisible();
  const token = await storedAccessToken(cara);

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

  const refused = await request.post("/wix-data/v2/items/query", {
    headers: { authorization: token },
    data: { dataCollectionId: "ClientResources" },
  });
  expect(refused.status()).toBe(401);
  await cara.reload();
  await expect(cara.getByRole("alert")).toContainText("Your sign-in has ended");
  await expect(cara.getByRole("heading", { name: forEveryone })).toHaveCount(0);
  await cara.context().close();
});

test("a new member signs up, confirms the e-mail with the mailed code and reaches the client area", async ({
  page,
}, testInfo) => {
  const csp = await watchCspViolations(page);
  const email = uniqueEmail("dan", testInfo.project.name);
  await page.goto("/account");
  await page.getByRole("button", { name: "Create an account" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Create an account" })).toBeFocused();
  const signUp = page.getByRole("form", { name: "Create an account" });
  await signUp.getByLabel("E-mail").fill(email);
  const password = signUp.getByLabel("Password");
  await password.fill("short");
  await signUp.getByRole("button", { name: "Create the account" }).click();
  await expect(password).toBeFocused();
  await expect(password).toHaveAccessibleDescription(/at least 8 characters/);
  await password.fill(MEMBER_PASSWORD);
  await signUp.getByRole("button", { name: "Create the account" }).click();

  const confirm = page.getByRole("form", { name: "Confirm your e-mail" });
  await confirm.getByLabel("Code from the e-mail").fill(await outboxCode(email));
  await confirm.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/client-area$/);
  await expect(page.getByRole("heading", { name: forEveryone })).toBeVisible();

  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page.getByText("You are signed in.")).toBeVisible();
  // Second-factor enrolment is on the store's page, where the silent sign-in signed them in too.
  await page.getByRole("link", { name: "Two-step verification" }).click();
  await expect(page.getByRole("button", { name: "Set up two-step verification" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.goBack();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
  await page.goto("/client-area");
  await expect(page.getByText("Sign in to see the resources shared with you.")).toBeVisible();
  expect(await csp()).toEqual([]);
});

test("a member with two-step verification on signs in on /account with the app's code", async ({
  page,
}, testInfo) => {
  const email = uniqueEmail("eve", testInfo.project.name);
  await addMember(email);
  await signInAsMember(page, email);
  await page.goto("/account");
  await page.getByRole("link", { name: "Two-step verification" }).click();
  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  const key = ((await page.locator("#manual-key").textContent()) ?? "").replace(/\s+/g, "");
  const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible();

  await page.goto("/account");
  await page.getByRole("button", { name: "Sign out" }).click();
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(MEMBER_PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(
    page.getByRole("heading", { level: 2, name: "Two-step verification" }),
  ).toBeFocused();
  // The next period's code: the enrolment's may not be used twice.
  await page.getByLabel("Code").fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/client-area$/);
  await expect(page.getByRole("heading", { name: forEveryone })).toBeVisible();
});

test("a wrong password is refused with a message tied to the form", async ({ page }) => {
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("E-mail").fill("nobody@example.com");
  await form.getByLabel("Password").fill("not the password");
  await form.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("The e-mail address or the password is wrong.");
  await expect(page).toHaveURL(/\/account$/);
});

for (const colorScheme of ["light", "dark"] as const) {
  test(`the account page and the client area have no axe violations in the ${colorScheme} theme`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme });
    await page.goto("/account");
    await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible();
    expect(await violations(page)).toEqual([]);

    const email = uniqueEmail(`axe-${colorScheme}`, testInfo.project.name);
    await addMember(email);
    await signInAsMember(page, email);
    await expect(page.getByRole("heading", { name: forEveryone })).toBeVisible();
    expect(await violations(page)).toEqual([]);
    // Nothing wider than the screen (375 px on the phone project).
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
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
