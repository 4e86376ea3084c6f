/**
 * Passkeys on the members' pages, the forms posted as the passkey script posts them (options
 * fetched, the authenticator's answer as JSON in the form): added and named on the account page,
 * renamed, removed, then signing in with one alone on the sign-in page; and what a page posted
 * without the script, by another site, or with a forged answer gets: nothing.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { createMemberKit, type MemberKit, ORIGIN } from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser, type MemberBrowser } from "../../main/test-kit/member-browser.ts";
import { readPage } from "../../main/test-kit/page-reader.ts";
import { createSoftAuthenticator, strangerKey } from "../../main/test-kit/soft-authenticator.ts";

let k: MemberKit;
let browser: MemberBrowser;
const authenticator = createSoftAuthenticator();
beforeEach(async () => {
  k = await createMemberKit();
  browser = createMemberBrowser(k);
  await k.signUp("ada@example.com");
  await browser.signIn("ada@example.com");
});
afterEach(() => k.close());

/** Adds a passkey on the account page as the script does. */
async function addPasskey(name: string) {
  const csrf = await browser.csrf();
  const options = await browser.submit("/members/account/passkeys/options", { csrf });
  const { challengeId, options: creation } = options.json();
  return browser.submit("/members/account/passkeys", {
    csrf,
    passkeyName: name,
    challengeId,
    credential: JSON.stringify(authenticator.create(creation, ORIGIN)),
  });
}

/** Signs in on the sign-in page with the passkey as the script does (a browser of its own). */
async function signInWithPasskey(pages: MemberBrowser, forge = false) {
  await pages.get("/members/sign-in");
  const options = await k.post("/_api/iam/authentication/v2/webauthn/options", {});
  const { challengeId, options: request } = options.json();
  const answer = authenticator.get(request, ORIGIN, forge ? { signWith: strangerKey() } : {});
  return pages.submit("/members/passkey", { challengeId, credential: JSON.stringify(answer) });
}

test("a passkey added, named, renamed and removed on the account page", async () => {
  const added = await addPasskey("Work laptop");
  expect(readPage(added.body).notice).toBe("Passkey added.");
  expect(added.body).toMatch(
    /<input type="text" id="passkey-name-1" name="name" value="Work laptop"/,
  );
  const csrf = await browser.csrf();
  const passkey = /name="passkey" value="([^"]+)"/.exec(added.body)?.[1] ?? "";
  const renamed = await browser.submit("/members/account/passkeys/rename", {
    csrf,
    passkey,
    name: "Old laptop",
  });
  expect(readPage(renamed.body).notice).toBe("The passkey is renamed.");
  expect(renamed.body).toContain('value="Old laptop"');
  const removed = await browser.submit("/members/account/passkeys/remove", { csrf, passkey });
  expect(readPage(removed.body).notice).toBe("The passkey is removed.");
  expect(readPage(removed.body).text).toContain("You have no passkey yet.");
}, 30_000);

test("the passkey alone signs in on the sign-in page and lands in the client area", async () => {
  await addPasskey("Phone");
  const phone = createMemberBrowser(k);
  const signedIn = await signInWithPasskey(phone);
  expect(signedIn.statusCode).toBe(303);
  expect(signedIn.headers.location).toBe("/members/client-area");
  expect((await phone.get("/members/account")).statusCode).toBe(200);
});

test("a forged passkey answer signs nobody in and says the passkey was not accepted", async () => {
  await addPasskey("Phone");
  const stranger = createMemberBrowser(k);
  const refused = await signInWithPasskey(stranger, true);
  expect(refused.statusCode).toBe(400);
  expect(readPage(refused.body).alert).toBe("The passkey was not accepted");
  expect((await stranger.get("/members/account")).statusCode).toBe(303);
});

test("the form posted without the script (no credential) says passkeys need JavaScript", async () => {
  const csrf = await browser.csrf();
  const page = await browser.submit("/members/account/passkeys", { csrf, passkeyName: "x" });
  expect(page.statusCode).toBe(400);
  expect(readPage(page.body).alert).toBe(
    "Passkeys need JavaScript in this browser: turn it on, or use another browser.",
  );
});

test("another site's page (no CSRF token) gets no passkey options and adds none", async () => {
  const options = await browser.submit("/members/account/passkeys/options", {});
  expect(options.statusCode).toBe(403);
  expect(options.body).not.toContain("challenge");
  const posted = await browser.submit("/members/account/passkeys", { credential: "{}" });
  expect(posted.statusCode).toBe(303);
});

test("on a sign-in older than 10 minutes, the options ask for the password first", async () => {
  k.clock.ms += 11 * 60 * 1000;
  const csrf = await browser.csrf();
  const refused = await browser.submit("/members/account/passkeys/options", { csrf });
  expect(refused.json().details.applicationError.code).toBe("IDENTITY_REAUTHENTICATION_REQUIRED");
  const page = await browser.get("/members/account");
  expect(page.body).toMatch(/id="passkeyPassword"/);
});
