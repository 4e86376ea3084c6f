/**
 * Passkeys in Chromium with its virtual authenticator (the DevTools WebAuthn
 * domain): a member adds a passkey on /members/account, signs out, and signs in with it alone and
 * through the e-mail field's autofill; a credential the store never saw (a forgery) is refused;
 * the owner does the same in the editor. Pages on `localhost` (an IP address is no relying party
 * id); the store, without PUBLIC_URL, takes the loopback origin as the relying party.
 */
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { ensureOwnerPassword, OWNER_PASSWORD } from "./helpers/owner-session.ts";
import {
  addMember,
  MEMBER_PASSWORD,
  sendMemberSignIn,
  uniqueEmail,
} from "./helpers/site-members.ts";

const LOCAL = `http://localhost:${process.env.E2E_PORT ?? "8791"}`;

test.beforeEach(() => {
  test.skip(test.info().project.name !== "desktop", "one virtual authenticator run is enough");
});

/** A platform authenticator holding discoverable passkeys, with the user verified. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/**
 * Chromium's virtual authenticator answers a conditional (autofill) request at once, as if the
 * person picked the passkey in the suggestions. A page flag turns autofill off, so the button's
 * sign-in can be tried on its own; it stays off across navigations until cleared.
 */
async function autofillSwitch(context: BrowserContext) {
  await context.addInitScript(() => {
    const real = PublicKeyCredential.isConditionalMediationAvailable?.bind(PublicKeyCredential);
    PublicKeyCredential.isConditionalMediationAvailable = async () =>
      localStorage.getItem("e2e-no-autofill") === null && real !== undefined && (await real());
  });
}
const setAutofill = (page: Page, on: boolean) =>
  page.evaluate(
    (value) =>
      value
        ? localStorage.removeItem("e2e-no-autofill")
        : localStorage.setItem("e2e-no-autofill", "1"),
    on,
  );

async function signInWithPassword(page: Page, email: string) {
  await page.goto(`${LOCAL}/members/sign-in`);
  await page.getByLabel("E-mail").fill(email);
  await sendMemberSignIn(page, MEMBER_PASSWORD);
  await expect(page).toHaveURL(/\/members\/client-area$/);
}

/** Signs out on the account page, then opens the sign-in page. */
async function signOutOfAccount(page: Page) {
  await page.goto(`${LOCAL}/members/account`);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Signed out" })).toBeVisible();
  await page.goto(`${LOCAL}/members/sign-in`);
}

test("a member adds a passkey, then signs in with it alone and through autofill", async ({
  browser,
}, testInfo) => {
  const email = uniqueEmail("passkey", testInfo.project.name);
  await addMember(email);
  const context = await browser.newContext();
  await autofillSwitch(context);
  const page = await context.newPage();
  const { cdp, authenticatorId } = await virtualAuthenticator(context, page);

  await signInWithPassword(page, email);
  await setAutofill(page, false);
  await page.goto(`${LOCAL}/members/account`);
  await page.getByLabel("Passkey name (optional)").fill("Work laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("status")).toHaveText("Passkey added.");
  const list = page.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByLabel("Name")).toHaveValue("Work laptop");
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.rpId).toBe("localhost");

  await signOutOfAccount(page);
  await expect(page.getByLabel("E-mail")).toHaveAttribute("autocomplete", "username webauthn");
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page).toHaveURL(/\/members\/client-area$/);

  // Autofill: the page's conditional request, answered with the passkey picked in the
  // suggestions, signs the member in with nothing typed or clicked.
  await signOutOfAccount(page);
  await setAutofill(page, true);
  await page.reload();
  await expect(page).toHaveURL(/\/members\/client-area$/);
  await context.close();
});

test("a passkey the store never saw (a forgery) signs nobody in", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
  const { privateKey } = await crypto.subtle.generateKey(
    { name: "ECDSA", namedCurve: "P-256" },
    true,
    ["sign", "verify"],
  );
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey("pkcs8", privateKey));
  await cdp.send("WebAuthn.addCredential", {
    authenticatorId,
    credential: {
      credentialId: Buffer.from("forged-credential").toString("base64"),
      isResidentCredential: true,
      rpId: "localhost",
      privateKey: pkcs8.toString("base64"),
      userHandle: Buffer.from("someone").toString("base64"),
      signCount: 1,
    },
  });
  await page.goto(`${LOCAL}/members/sign-in`);
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("alert")).toHaveText("The passkey was not accepted");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  expect((await page.context().cookies()).some((c) => c.name === "member_session")).toBe(false);
  await context.close();
});

test("the owner adds a passkey in the editor and signs in with it alone", async ({ browser }) => {
  ensureOwnerPassword();
  const context = await browser.newContext();
  await autofillSwitch(context);
  const page = await context.newPage();
  await virtualAuthenticator(context, page);
  await page.goto(`${LOCAL}/admin`);
  await setAutofill(page, false);
  await page.getByLabel("Password", { exact: true }).fill(OWNER_PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible();
  await page.getByRole("link", { name: "Account" }).click();
  await page.getByLabel("Name of the new passkey (optional)").fill("Editor laptop");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByRole("list", { name: "Your passkeys" }).getByLabel("Name")).toHaveValue(
    "Editor laptop",
  );

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await page.getByRole("button", { name: "Use a passkey" }).click();
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("button", { name: "Use a passkey" })).toBeVisible();
  await setAutofill(page, true);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Site editor" })).toBeVisible();
  await context.close();
});
