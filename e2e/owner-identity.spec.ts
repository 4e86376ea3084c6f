/**
 * The owner's and a collaborator's sign-in through the identity service: the second
 * factor, the mailed reset, and a collaborator's limited editor. On a store of the spec's own
 * (helpers/owner-store.ts): these flows change the owner, whom other specs sign in as.
 */
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { type OwnerStore, startOwnerStore } from "./helpers/owner-store.ts";

const PASSWORD = "the owner's e2e password";
const OWNER_EMAIL = "owner@example.com";
const ASSISTANT = "assistant@example.com";
const ASSISTANT_PASSWORD = "the assistant's e2e password";
const NEW_PASSWORD = "a new owner password for e2e";
let recoveryCodes: string[] = [];

let store: OwnerStore;
test.describe.configure({ mode: "serial" });
test.skip(
  ({ viewport }) => (viewport?.width ?? 0) < 768,
  "the editor's sign-in and account are checked at desktop width",
);
test.beforeAll(async () => {
  store = await startOwnerStore(PASSWORD);
});
test.afterAll(async () => store.close());

/** The code of the current 30-second step, or of the next (the store accepts ±1 step). */
function totpCode(key: string, next = false): string {
  return new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + (next ? 30_000 : 0),
  });
}

async function signIn(page: Page, password: string, email = "") {
  await page.goto(`${store.url}/admin`);
  if (email !== "") await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function openAccount(page: Page) {
  await page.getByRole("link", { name: "Account" }).click();
  await expect(page.getByRole("heading", { name: "Account" })).toBeVisible();
}

test("the owner turns on two-step verification, then signs in with the code", async ({ page }) => {
  await signIn(page, PASSWORD);
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible();
  await openAccount(page);
  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await page.locator("code").first().textContent()) ?? "";
  await page.getByLabel("Code from the app").fill(totpCode(key));
  await page.getByRole("button", { name: "Turn on" }).click();
  const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  recoveryCodes = await codes.allTextContents();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await signIn(page, PASSWORD);
  await expect(page.getByLabel("Code")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Site editor" })).toHaveCount(0);
  // The code used to turn the factor on is spent (each step works once): the next step's works.
  await page.getByLabel("Code").fill(totpCode(key, true));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible();

  await openAccount(page);
  await page.getByLabel("New e-mail address").fill(OWNER_EMAIL);
  await page.getByLabel("Your password").fill(PASSWORD);
  await page.getByRole("button", { name: "Save e-mail" }).click();
  await expect(page.getByText(`Now: ${OWNER_EMAIL}`)).toBeVisible();
});

test("the owner resets a forgotten password through the mailed link", async ({ page }) => {
  await page.goto(`${store.url}/admin`);
  await page.getByRole("button", { name: "Forgot your password?" }).click();
  await page.getByLabel("Your e-mail address").fill(OWNER_EMAIL);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText(/a link to choose a new password is on its way/)).toBeVisible();
  const mail = await store.mailTo(OWNER_EMAIL);
  const link = /http:\/\/\S+\/admin\/reset\?token=[\w-]+/.exec(mail)?.[0] ?? "";
  expect(link.startsWith(store.url)).toBe(true);

  await page.goto(link);
  await page.getByLabel("New password").fill(NEW_PASSWORD);
  await page.getByLabel("Repeat the password").fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password is set. Sign in with it.")).toBeVisible();
  await signIn(page, PASSWORD);
  await expect(page.getByText("Wrong password")).toBeVisible();
  await signIn(page, NEW_PASSWORD);
  // The second factor stays on after a reset.
  await expect(page.getByLabel("Code")).toBeVisible();
});

test("a collaborator accepts the invitation and edits content, without members or settings", async ({
  page,
  browser,
}) => {
  await signIn(page, NEW_PASSWORD);
  await page.getByLabel("Code").fill(recoveryCodes[0] as string);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible();
  await openAccount(page);
  await page.getByLabel("Invite by e-mail").fill(ASSISTANT);
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("list", { name: "Collaborators" })).toContainText(ASSISTANT);
  const link = /http:\/\/\S+\/admin\/reset\?token=[\w-]+&invited=1/.exec(
    await store.mailTo(ASSISTANT),
  )?.[0];

  const assistant = await (await browser.newContext()).newPage();
  await assistant.goto(link ?? "");
  await expect(assistant.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await assistant.getByLabel("New password").fill(ASSISTANT_PASSWORD);
  await assistant.getByLabel("Repeat the password").fill(ASSISTANT_PASSWORD);
  // The password is stored before signing in with it (on a busy machine the answer is slow).
  const stored = assistant.waitForResponse(
    (response) => response.url().endsWith("/admin/api/reset") && response.ok(),
  );
  await assistant.getByRole("button", { name: "Set password" }).click();
  await stored;
  await signIn(assistant, ASSISTANT_PASSWORD, ASSISTANT);
  await expect(assistant.getByRole("heading", { name: "Site editor" })).toBeVisible();

  const nav = assistant.getByRole("navigation", { name: "Content" });
  await expect(nav.getByRole("link", { name: "About me" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Members" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Site settings" })).toHaveCount(0);
  await nav.getByRole("link", { name: "About me" }).click();
  await assistant.getByRole("textbox", { name: "About text" }).fill("Edited by the assistant.");
  // The owner reviews a collaborator's changes (on by default): nothing goes live from here.
  await expect(assistant.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  await assistant.getByRole("button", { name: "Save as draft" }).click();
  await expect(assistant.getByText(/^Kept as a draft at /)).toBeVisible();
  await assistant.getByRole("button", { name: "Send for review" }).click();
  await expect(assistant.getByText(/^Sent for review /)).toBeVisible();
  await expect(assistant.getByRole("button", { name: "Publish now" })).toHaveCount(0);
  await openAccount(assistant);
  await expect(assistant.getByRole("heading", { name: "Collaborators" })).toHaveCount(0);
  // The store refuses what the editor hides: the owner's routes answer 403.
  const members = await assistant.evaluate(async () => (await fetch("/admin/api/members")).status);
  expect(members).toBe(403);

  // Removed by the owner, the assistant's open editor is signed out.
  page.on("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: `Remove ${ASSISTANT}` }).click();
  await expect(page.getByText("No collaborators yet.")).toBeVisible();
  const session = await assistant.evaluate(
    async () =>
      ((await (await fetch("/admin/api/session")).json()) as { signedIn: boolean }).signedIn,
  );
  expect(session).toBe(false);
});
