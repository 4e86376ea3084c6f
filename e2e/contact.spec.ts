/**
 * The contact form, with JavaScript on and off, reaching the owner's outbox and the
 * Messages view in /admin; a bot run (hidden field filled, instant submit, a burst) stores
 * nothing; axe finds nothing on the form and the thanks. On a store of the spec's own: the
 * form's limits count per store.
 */
import { expect, type Page, test } from "@playwright/test";
import { violations } from "./helpers/axe.ts";
import { type OwnerStore, startOwnerStore } from "./helpers/owner-store.ts";

const PASSWORD = "the contact spec's owner password";
const OWNER_EMAIL = "owner@consultant.test";

let store: OwnerStore;
test.describe.configure({ mode: "serial" });
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 768,
  "the form's store runs once, in the desktop project",
);
test.beforeAll(async () => {
  store = await startOwnerStore(PASSWORD, {
    ownerEmail: OWNER_EMAIL,
    contact: { maxPerAddress: 40, maxGlobal: 200 },
  });
});
test.afterAll(async () => store.close());

const storedCount = () =>
  Number((store.db.prepare("SELECT count(*) AS n FROM contact_messages").get() as { n: number }).n);

/** Waits for a mail to the owner that contains `text`. */
async function mailedToOwner(text: string) {
  const bodies = () =>
    (
      store.db.prepare("SELECT body FROM mail_outbox WHERE recipient = ?").all(OWNER_EMAIL) as {
        body: string;
      }[]
    ).map((row) => row.body);
  await expect.poll(() => bodies().some((body) => body.includes(text))).toBe(true);
}

async function fillForm(page: Page, name: string) {
  const form = page.getByRole("form", { name: "Or write to me here" });
  await form.scrollIntoViewIfNeeded();
  await form.getByLabel("Your name").fill(name);
  await form.getByLabel("Your e-mail").fill("visitor@example.com");
  await form.getByLabel("Your message").fill(`Hello from ${name}, can we talk?`);
  return form;
}

async function messagesInAdmin(page: Page) {
  await page.goto(`${store.url}/admin#messages`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  return page.getByRole("list", { name: "new messages" });
}

test("with JavaScript: the message is sent in place, thanked, mailed to the owner and listed in /admin", async ({
  page,
}) => {
  await page.goto(store.url);
  const form = await fillForm(page, "Ada Script");
  expect(await violations(page, "#contact")).toEqual([]);
  await form.getByRole("button", { name: "Send message" }).click();
  // Sent faster than the store's minimum time: the form waits and sends again, unseen.
  const thanks = page.getByRole("heading", { name: "Thank you" });
  await expect(thanks).toBeVisible({ timeout: 15_000 });
  await expect(thanks).toBeFocused();
  expect(await violations(page, "#contact")).toEqual([]);
  await mailedToOwner("Hello from Ada Script");
  const list = await messagesInAdmin(page);
  await expect(list.getByRole("heading", { name: "Ada Script" })).toBeVisible();
});

test("with JavaScript, errors are told beside each field and the first takes the focus", async ({
  page,
}) => {
  await page.goto(store.url);
  const form = await fillForm(page, "Bea Typo");
  await form.getByLabel("Your e-mail").fill("not an address");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByLabel("Your e-mail")).toBeFocused({ timeout: 15_000 });
  await expect(form.getByLabel("Your e-mail")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(/e-mail address I can answer/)).toBeVisible();
  expect(await violations(page, "#contact")).toEqual([]);
});

test("without JavaScript: a plain post, the form to send, then a thanks page with a way back; mailed and listed", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(store.url);
  const before = storedCount();
  const form = await fillForm(page, "Cy Plain");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Send your message" })).toBeVisible();
  await page.waitForTimeout(3_200);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
  expect(storedCount()).toBe(before + 1);
  await mailedToOwner("Hello from Cy Plain");
  await page.getByRole("link", { name: "Back to the page" }).click();
  await expect(page).toHaveURL(`${store.url}/#contact`);
  await context.close();
  const list = await messagesInAdmin(await (await browser.newContext()).newPage());
  await expect(list.getByRole("heading", { name: "Cy Plain" })).toBeVisible();
});

test("the pages the form answers without JavaScript have no axe violations", async ({ page }) => {
  await page.goto(store.url);
  await fillForm(page, "Di Axe");
  // form.submit() skips the script's handler: the plain post a browser without JavaScript makes.
  await page.locator('form[action="/contact"]').evaluate((form: HTMLFormElement) => form.submit());
  await expect(page.getByRole("heading", { name: "Send your message" })).toBeVisible();
  expect(await violations(page, "body")).toEqual([]);
  await page.waitForTimeout(3_200);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you" })).toBeVisible();
  expect(await violations(page, "body")).toEqual([]);
});

test("a bot run stores nothing: hidden field filled, instant submit, a 30-post burst", async ({
  request,
}) => {
  const before = storedCount();
  const message = { name: "Bot", email: "bot@example.com", message: "Buy now" };
  const token = async () => (await (await request.get(`${store.url}/contact/token`)).json()).token;
  const trap = await request.post(`${store.url}/contact`, {
    data: { ...message, token: await token(), website: "http://spam.example" },
  });
  expect(trap.status()).toBe(200);
  const instant = await request.post(`${store.url}/contact`, {
    data: { ...message, token: await token() },
  });
  expect(instant.status()).toBe(400);
  const replayed = await token();
  const burst = await Promise.all(
    Array.from({ length: 30 }, () =>
      request.post(`${store.url}/contact`, { form: { ...message, token: replayed } }),
    ),
  );
  expect(burst.every((answer) => answer.status() >= 400)).toBe(true);
  expect(storedCount()).toBe(before);
});
