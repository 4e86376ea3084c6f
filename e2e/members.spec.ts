import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { type MemberStore, startMemberStore } from "./helpers/member-store.ts";
import { sendMemberSignIn } from "./helpers/site-members.ts";

// One store (on E2E_PORT + 5) and one SMTP server (E2E_PORT + 6) for this file: its tests run in
// one worker, in order, and only in the desktop project.
test.describe.configure({ mode: "default" });

let member: MemberStore;
let counter = 0;

const inMemberProject = () => test.info().project.name === "desktop";

test.beforeAll(async () => {
  if (!inMemberProject()) return;
  member = await startMemberStore();
});

test.afterAll(async () => {
  await member?.close();
});

test.beforeEach(() => {
  test.skip(!inMemberProject(), "the member store runs once, in the desktop project");
});

const PASSWORD = "correct horse battery";

function newEmail(): string {
  counter += 1;
  return `member-${counter}-${Date.now()}@example.com`;
}

const fixtureUrl = () => `${member.store.url}/fixture/`;
const status = (page: Page) => page.locator("#status");
const result = (page: Page) => page.locator("#result");

async function signUpAndVerify(page: Page, email: string, password = PASSWORD) {
  await page.goto(fixtureUrl());
  const form = page.getByRole("form", { name: "Sign up" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Sign up" }).click();
  await expect(result(page)).toHaveText("EMAIL_VERIFICATION_REQUIRED");

  const mail = await member.mail.waitFor(email, /verification code is \d{6}/);
  const code = /verification code is (\d{6})/.exec(mail.text)?.[1] ?? "";
  await page.getByLabel("Verification code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(result(page)).toHaveText("SUCCESS");
}

/**
 * Signs out on the fixture: the app forgets the tokens (the status says "Visitor" at once), then
 * goes through the store's logout and back; the next navigation must wait for that round trip.
 */
async function signOutOnFixture(page: Page) {
  const backOnFixture = page.waitForResponse(
    (response) =>
      response.request().isNavigationRequest() && new URL(response.url()).pathname === "/fixture/",
  );
  await page.getByRole("button", { name: "Sign out" }).click();
  await backOnFixture;
  await page.waitForLoadState();
  await expect(status(page)).toHaveText("Visitor");
}

/** From the fixture, through the store's sign-in page, back to the fixture's callback. */
async function signInThroughPage(page: Page, email: string, password = PASSWORD) {
  await page.goto(fixtureUrl());
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/members/"));
  await page.getByLabel("E-mail").fill(email);
  await sendMemberSignIn(page, password);
}

async function expectSignedIn(page: Page) {
  await expect(result(page)).toHaveText("Signed in through the sign-in page");
  await expect(status(page)).toHaveText("Signed in as a member");
  expect(new URL(page.url()).pathname).toBe("/fixture/");
}

test("a visitor signs up, confirms the mailed code, signs in on the sign-in page and reads members-only content", async ({
  page,
}) => {
  const email = newEmail();
  await signUpAndVerify(page, email);

  await signInThroughPage(page, email);

  await expectSignedIn(page);
  await page.getByRole("button", { name: "Read members-only content" }).click();
  await expect(result(page)).toHaveText(/^Read \d+ members-only items$/);
});

test("a visitor is refused the members-only collection", async ({ page }) => {
  await page.goto(fixtureUrl());

  await page.getByRole("button", { name: "Read members-only content" }).click();

  await expect(result(page)).not.toHaveText("");
  await expect(result(page)).not.toHaveText(/^Read/);
  await expect(status(page)).toHaveText("Visitor");
});

test("a callback whose state was issued for another login attempt is refused", async ({ page }) => {
  const email = newEmail();
  await signUpAndVerify(page, email);
  const codeExchanges: string[] = [];
  page.on("request", (request) => {
    if (
      request.url().endsWith("/oauth2/token") &&
      request.postData()?.includes("authorization_code")
    )
      codeExchanges.push(request.url());
  });

  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/members/"));
  // Same origin as the fixture: swap the saved login attempt for another one (login CSRF).
  await page.evaluate(() => {
    const saved = JSON.parse(sessionStorage.getItem("fixture.oauth") ?? "{}");
    sessionStorage.setItem("fixture.oauth", JSON.stringify({ ...saved, state: "another-attempt" }));
  });
  await page.getByLabel("E-mail").fill(email);
  await sendMemberSignIn(page, PASSWORD);

  await expect(result(page)).toHaveText("Invalid _state");
  await expect(status(page)).toHaveText("Visitor");
  expect(codeExchanges).toEqual([]);
});

test("a member signs in without leaving the page through the hidden frame", async ({ page }) => {
  const email = newEmail();
  await signUpAndVerify(page, email);
  const frameLoads: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() !== page.mainFrame())
      frameLoads.push(new URL(request.url()).pathname);
  });

  const form = page.getByRole("form", { name: "Sign in without leaving" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in here", exact: true }).click();

  await expect(result(page)).toHaveText("Signed in without leaving the page");
  await expect(status(page)).toHaveText("Signed in as a member");
  expect(frameLoads).toContain("/members/authorize");
  await expect(page.locator("iframe")).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe("/fixture/");
});

test("after sign-out, a silent sign-in with the old session token is answered login_required", async ({
  page,
}) => {
  const email = newEmail();
  await signUpAndVerify(page, email);
  const form = page.getByRole("form", { name: "Sign in without leaving" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Password").fill(PASSWORD);
  await form.getByRole("button", { name: "Sign in here", exact: true }).click();
  await expect(result(page)).toHaveText("Signed in without leaving the page");
  await signOutOnFixture(page);

  await page.getByRole("button", { name: "Sign in here again with the same session" }).click();

  await expect(result(page)).toHaveText(/^login_required/);
  await expect(status(page)).toHaveText("Visitor");
  await expect(page.locator("iframe")).toHaveCount(0);
});

test("a member turns on TOTP, then signing in asks for the app's code", async ({ page }) => {
  const email = newEmail();
  await signUpAndVerify(page, email);
  await signInThroughPage(page, email);
  await expectSignedIn(page);

  await page.goto(`${member.store.url}/members/account`);
  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
  const key = ((await page.locator("#manual-key").textContent()) ?? "").replace(/\s+/g, "");
  const totp = new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 });
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  const recoveryCodes = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  expect(recoveryCodes.length).toBeGreaterThan(0);

  await page.goto(fixtureUrl());
  await signOutOnFixture(page);
  await signInThroughPage(page, email);
  const codeField = page.getByLabel("Code from your authenticator app");
  await expect(codeField).toBeVisible();
  // The next period's code: the enrolment code may not be used twice.
  await codeField.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Continue" }).click();

  await expectSignedIn(page);
});

test("a member with TOTP signs in through our client's login and factor calls with a recovery code", async ({
  page,
}) => {
  const email = newEmail();
  await signUpAndVerify(page, email);
  await signInThroughPage(page, email);
  await expectSignedIn(page);
  await page.goto(`${member.store.url}/members/account`);
  await page.getByRole("button", { name: "Set up two-step verification" }).click();
  const key = ((await page.locator("#manual-key").textContent()) ?? "").replace(/\s+/g, "");
  await page
    .getByLabel("Code from the app")
    .fill(new TOTP({ secret: Secret.fromBase32(key), digits: 6, period: 30 }).generate());
  await page.getByRole("button", { name: "Turn on" }).click();
  const [recoveryCode = ""] = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  await page.goto(fixtureUrl());
  await signOutOnFixture(page);

  const silent = page.getByRole("form", { name: "Sign in without leaving" });
  await silent.getByLabel("E-mail").fill(email);
  await silent.getByLabel("Password").fill(PASSWORD);
  await silent.getByRole("button", { name: "Sign in here", exact: true }).click();
  await expect(result(page)).toHaveText("Enter the code from your authenticator app");
  await expect(status(page)).toHaveText("Visitor");
  await page.getByLabel("Code from your authenticator app, or a recovery code").fill(recoveryCode);
  await page.getByRole("button", { name: "Confirm" }).click();

  await expect(result(page)).toHaveText("Signed in without leaving the page");
  await expect(status(page)).toHaveText("Signed in as a member");
});

test("a member resets the password through the mailed link and signs in with the new one", async ({
  page,
}) => {
  const email = newEmail();
  await signUpAndVerify(page, email);

  const form = page.getByRole("form", { name: "Forgot your password?" });
  await form.getByLabel("E-mail").fill(email);
  await form.getByRole("button", { name: "Send a reset link" }).click();
  await expect(result(page)).toHaveText(/reset link is on its way/);
  const mail = await member.mail.waitFor(email, /reset-password\?token=/);
  const link = /(https?:\/\/\S+reset-password\?token=\S+)/.exec(mail.text)?.[1] ?? "";
  await page.goto(link);
  await page.getByLabel("New password").fill("a brand new passphrase");
  await page.getByRole("button", { name: "Save the password" }).click();

  await signInThroughPage(page, email, "a brand new passphrase");
  await expectSignedIn(page);
  const silent = page.getByRole("form", { name: "Sign in without leaving" });
  await silent.getByLabel("E-mail").fill(email);
  await silent.getByLabel("Password").fill(PASSWORD);
  await silent.getByRole("button", { name: "Sign in here", exact: true }).click();
  await expect(result(page)).toHaveText(/^FAILURE \(invalidPassword\)/);
});

test("signing out ends the member session on the page and in the store", async ({ page }) => {
  const email = newEmail();
  await signUpAndVerify(page, email);
  await signInThroughPage(page, email);
  await expectSignedIn(page);

  await signOutOnFixture(page);
  expect(new URL(page.url()).pathname).toBe("/fixture/");
  await page.getByRole("button", { name: "Read members-only content" }).click();
  await expect(result(page)).not.toHaveText(/^Read/);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/members/"));
  await expect(page.getByLabel("Password", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /Continue as/ })).toHaveCount(0);
});
