import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSmtpMailer } from "../apps/store/src/identity/mailer.ts";
import { failure } from "./harness/failure.ts";
import { forwardWixApis } from "./harness/forward-fetch.ts";
import { type MailCatcher, startMailCatcher } from "./harness/mail-catcher.ts";
import { createOurMemberClient, createSdkMemberClient } from "./harness/member-clients.ts";
import { type RunningStore, START_MS, startStore } from "./harness/store-server.ts";

// The official SDK's OAuthStrategy and our member client, call by call, against one real store
// that mails through a real SMTP server. Each side uses its own e-mail addresses.
const MEMBERS_ONLY = "Clients";
const PASSWORD = "correct horse battery";

let store: RunningStore;
let mail: MailCatcher;
let forward: ReturnType<typeof forwardWixApis>;
let counter = 0;
const clock = { ms: START_MS };

beforeAll(async () => {
  mail = await startMailCatcher();
  store = await startStore(clock, {
    identity: {
      mailer: createSmtpMailer({ url: mail.url, from: "site@example.com" }),
      // Every call comes from 127.0.0.1: the per-address limits would stop the file, not an attacker.
      config: {
        registerMaxPerAddress: 1000,
        loginMaxPerAddress: 1000,
        recoveryMaxPerAddress: 1000,
        verifyMaxPerAddress: 1000,
      },
    },
  });
  store.restrictReadsToMembers(MEMBERS_ONLY);
  forward = forwardWixApis(() => store.url);
});

afterAll(async () => {
  forward?.restore();
  await store?.close();
  await mail?.close();
});

function newEmail(side: string): string {
  counter += 1;
  return `${side}-${counter}@example.com`;
}
const sdkClient = () => createSdkMemberClient();
const ourClient = () => createOurMemberClient(store.url, forward.realFetch);

async function mailedCode(email: string): Promise<string> {
  const message = await mail.waitFor(email, /verification code is \d{6}/);
  return /verification code is (\d{6})/.exec(message.text)?.[1] ?? "";
}

/** Registers and verifies with the SDK; the SDK client stays a visitor. */
async function sdkMember(email: string) {
  const sdk = sdkClient();
  const registered = await sdk.auth.register({ email, password: PASSWORD });
  if (registered.loginState !== "EMAIL_VERIFICATION_REQUIRED") {
    throw new Error(`sign-up of ${email}: ${JSON.stringify(registered)}`);
  }
  await sdk.auth.processVerification({ verificationCode: await mailedCode(email) });
  return sdk;
}

async function ourMember(email: string) {
  const ours = ourClient();
  const registered = await ours.members.register({ email, password: PASSWORD });
  if (registered.loginState !== "EMAIL_VERIFICATION_REQUIRED") {
    throw new Error(`sign-up of ${email}: ${JSON.stringify(registered)}`);
  }
  await ours.members.processVerification({ verificationCode: await mailedCode(email) });
  return ours;
}

/** Opens our sign-in page at `authUrl` and submits it; resolves with the redirect's Location. */
async function signInOnPage(authUrl: string, email: string, password: string): Promise<string> {
  const url = new URL(authUrl, store.url);
  const target = `${store.url}${url.pathname}${url.search}`;
  const page = await forward.realFetch(target);
  const html = await page.text();
  const session = /name="session" value="([^"]+)"/.exec(html)?.[1];
  if (!session) throw new Error(`no sign-in form at ${target}: ${html.slice(0, 200)}`);
  // The form's token and its cookie, as the browser keeps them (login CSRF defence).
  const formToken = /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? "";
  const cookie = (page.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const answer = await forward.realFetch(`${store.url}/members/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: store.url,
      cookie,
    },
    body: new URLSearchParams({ session, email, password, form_token: formToken }).toString(),
  });
  const location = answer.headers.get("location");
  if (answer.status !== 303 || !location) {
    throw new Error(`sign-in answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
  }
  return location;
}

describe("register", () => {
  it("asks both clients for the mailed code, which then succeeds", async () => {
    const sdk = sdkClient();
    const ours = ourClient();
    const sdkEmail = newEmail("sdk");
    const ourEmail = newEmail("ours");

    const sdkFirst = await sdk.auth.register({ email: sdkEmail, password: PASSWORD });
    const ourFirst = await ours.members.register({ email: ourEmail, password: PASSWORD });
    expect(ourFirst).toEqual({
      loginState: "EMAIL_VERIFICATION_REQUIRED",
      data: { stateToken: expect.any(String) },
    });
    expect(sdkFirst).toEqual({ ...ourFirst, data: { stateToken: expect.any(String) } });

    const sdkVerified = await sdk.auth.processVerification({
      verificationCode: await mailedCode(sdkEmail),
    });
    const ourVerified = await ours.members.processVerification({
      verificationCode: await mailedCode(ourEmail),
    });
    expect(ourVerified).toEqual({
      loginState: "SUCCESS",
      data: { sessionToken: expect.any(String) },
    });
    expect(sdkVerified).toEqual({
      loginState: "SUCCESS",
      data: { sessionToken: expect.any(String) },
    });
  });

  it("answers a second sign-up with the same e-mail emailAlreadyExists on both", async () => {
    const email = newEmail("taken");
    await ourMember(email);

    const sdkResult = await sdkClient().auth.register({ email, password: PASSWORD });
    const ourResult = await ourClient().members.register({ email, password: PASSWORD });

    expect(sdkResult).toMatchObject({ loginState: "FAILURE", errorCode: "emailAlreadyExists" });
    expect(ourResult).toMatchObject({ loginState: "FAILURE", errorCode: "emailAlreadyExists" });
  });
});

describe("login", () => {
  it("succeeds with the right password on both", async () => {
    const sdkEmail = newEmail("sdk");
    const ourEmail = newEmail("ours");
    await sdkMember(sdkEmail);
    await ourMember(ourEmail);

    const sdkResult = await sdkClient().auth.login({ email: sdkEmail, password: PASSWORD });
    const ourResult = await ourClient().members.login({ email: ourEmail, password: PASSWORD });

    expect(sdkResult).toEqual({
      loginState: "SUCCESS",
      data: { sessionToken: expect.any(String) },
    });
    expect(ourResult).toEqual({
      loginState: "SUCCESS",
      data: { sessionToken: expect.any(String) },
    });
  });

  it("answers a wrong password invalidPassword on both", async () => {
    const email = newEmail("wrong");
    await ourMember(email);

    const sdkResult = await sdkClient().auth.login({ email, password: "not the password" });
    const ourResult = await ourClient().members.login({ email, password: "not the password" });

    expect(sdkResult).toMatchObject({ loginState: "FAILURE", errorCode: "invalidPassword" });
    expect(ourResult).toMatchObject({ loginState: "FAILURE", errorCode: "invalidPassword" });
  });

  it("answers an unknown e-mail like a wrong password on both (no account discovery)", async () => {
    const email = newEmail("nobody");

    const sdkResult = await sdkClient().auth.login({ email, password: PASSWORD });
    const ourResult = await ourClient().members.login({ email, password: PASSWORD });

    expect(sdkResult).toMatchObject({ loginState: "FAILURE", errorCode: "invalidPassword" });
    expect(ourResult).toMatchObject({ loginState: "FAILURE", errorCode: "invalidPassword" });
  });
});

describe("a member created by sign-on, without a password", () => {
  it("is told to reset the password on both", async () => {
    const email = newEmail("signed-on");
    await ourClient().members.signOn(email, store.apiKey);

    const sdkResult = await sdkClient().auth.login({ email, password: PASSWORD });
    const ourResult = await ourClient().members.login({ email, password: PASSWORD });

    expect(sdkResult).toMatchObject({ loginState: "FAILURE", errorCode: "resetPassword" });
    expect(ourResult).toMatchObject({ loginState: "FAILURE", errorCode: "resetPassword" });
  });
});

describe("password recovery", () => {
  it("mails a reset link to both, whose token sets a password that then logs in", async () => {
    const sdkEmail = newEmail("sdk");
    const ourEmail = newEmail("ours");
    const sdk = await sdkMember(sdkEmail);
    const ours = await ourMember(ourEmail);
    const redirect = `${store.url}/after-reset`;

    await sdk.auth.sendPasswordResetEmail(sdkEmail, redirect);
    await ours.members.sendPasswordResetEmail(ourEmail, redirect);
    const token = async (email: string) => {
      const message = await mail.waitFor(email, /reset-password\?token=/);
      return decodeURIComponent(/reset-password\?token=([^\s&]+)/.exec(message.text)?.[1] ?? "");
    };
    const sdkRecovered = await sdk.recovery.recover(await token(sdkEmail), {
      password: "a new passphrase",
    });
    const ourRecovered = await ours.members.recover(await token(ourEmail), "a new passphrase");

    expect(ourRecovered.loginState).toBe("SUCCESS");
    expect(sdkRecovered.state).toBe("SUCCESS");
    await expect(
      sdkClient().auth.login({ email: sdkEmail, password: "a new passphrase" }),
    ).resolves.toMatchObject({ loginState: "SUCCESS" });
    await expect(
      ourClient().members.login({ email: ourEmail, password: "a new passphrase" }),
    ).resolves.toMatchObject({ loginState: "SUCCESS" });
  });
});

describe("redirect login", () => {
  it("getAuthUrl opens our sign-in page, whose code getMemberTokens turns into member tokens on both", async () => {
    const sdkEmail = newEmail("sdk");
    const ourEmail = newEmail("ours");
    const sdk = await sdkMember(sdkEmail);
    const ours = await ourMember(ourEmail);
    const redirectUri = `${store.url}/callback`;

    const sdkData = sdk.auth.generateOAuthData(redirectUri);
    const { authUrl: sdkUrl } = await sdk.auth.getAuthUrl(sdkData, { responseMode: "query" });
    const sdkBack = sdk.auth.parseFromUrl(await signInOnPage(sdkUrl, sdkEmail, PASSWORD), "query");
    sdk.auth.setTokens(await sdk.auth.getMemberTokens(sdkBack.code, sdkBack.state, sdkData));

    const ourData = ours.members.generateOAuthData(redirectUri);
    const { authUrl: ourUrl } = await ours.members.getAuthUrl(ourData, { responseMode: "query" });
    const ourBack = ours.members.parseFromUrl(
      await signInOnPage(ourUrl, ourEmail, PASSWORD),
      "query",
    );
    await ours.members.getMemberTokens(ourBack.code, ourBack.state, ourData);

    expect(sdk.auth.loggedIn()).toBe(true);
    expect(ours.members.loggedIn()).toBe(true);
    expect(ourBack.state).toBe(ourData.state);
    const sdkRead = await sdk.items.query(MEMBERS_ONLY).find();
    const ourRead = await ours.content.items.query({ dataCollectionId: MEMBERS_ONLY });
    expect(ourRead.items.length).toBe(sdkRead.items.length);
    expect(ourRead.items.length).toBeGreaterThan(0);
  });

  it("refuses the same code twice on both", async () => {
    const email = newEmail("twice");
    const ours = await ourMember(email);
    const redirectUri = `${store.url}/callback`;
    const data = ours.members.generateOAuthData(redirectUri);
    const { authUrl } = await ours.members.getAuthUrl(data, { responseMode: "query" });
    const back = ours.members.parseFromUrl(await signInOnPage(authUrl, email, PASSWORD), "query");
    await ours.members.getMemberTokens(back.code, back.state, data);

    const sdk = sdkClient();
    const sdkError = await failure<Error>(
      sdk.auth.getMemberTokens(back.code ?? "", back.state ?? "", data),
    );
    const ourError = await failure(
      ourClient().members.getMemberTokens(back.code, back.state, data),
    );

    expect(sdkError.message).toMatch(/^Failed to fetch tokens from OAuth API/);
    expect(ourError).toMatchObject({ name: "HttpError", status: 400 });
  });
});

describe("external login with the API key", () => {
  it("getMemberTokensForExternalLogin gives both clients member tokens for a member id", async () => {
    const email = newEmail("external");
    const ours = await ourMember(email);
    const { identity } = await ours.members.signOn(email, store.apiKey);
    const sdk = sdkClient();

    sdk.auth.setTokens(await sdk.auth.getMemberTokensForExternalLogin(identity._id, store.apiKey));
    const theirs = ourClient();
    await theirs.members.getMemberTokensForExternalLogin(identity._id, store.apiKey);

    expect(sdk.auth.loggedIn()).toBe(true);
    expect(theirs.members.loggedIn()).toBe(true);
    await expect(sdk.items.query(MEMBERS_ONLY).find()).resolves.toBeTruthy();
    await expect(
      theirs.content.items.query({ dataCollectionId: MEMBERS_ONLY }),
    ).resolves.toBeTruthy();
  });

  it("getMemberTokensForExternalLoginWithSession signs on by e-mail and gives both member tokens", async () => {
    const sdk = sdkClient();
    const ours = ourClient();

    sdk.auth.setTokens(
      await sdk.auth.getMemberTokensForExternalLoginWithSession(newEmail("sdk"), store.apiKey),
    );
    await ours.members.getMemberTokensForExternalLoginWithSession(newEmail("ours"), store.apiKey);

    expect(sdk.auth.loggedIn()).toBe(true);
    expect(ours.members.loggedIn()).toBe(true);
    const sdkRead = await sdk.items.query(MEMBERS_ONLY).find();
    const ourRead = await ours.content.items.query({ dataCollectionId: MEMBERS_ONLY });
    expect(ourRead.items.length).toBe(sdkRead.items.length);
  });

  it("refuses a wrong API key on both", async () => {
    const sdkError = await failure<Error>(
      sdkClient().auth.getMemberTokensForExternalLoginWithSession(newEmail("sdk"), "not-the-key"),
    );
    const ourError = await failure(
      ourClient().members.getMemberTokensForExternalLoginWithSession(
        newEmail("ours"),
        "not-the-key",
      ),
    );

    expect(sdkError.message).toMatch(/^System error|Failed to fetch tokens|API key/);
    expect(ourError).toMatchObject({ name: "HttpError", status: expect.any(Number) });
    expect((ourError as { status: number }).status).toBeGreaterThanOrEqual(400);
    expect((ourError as { status: number }).status).toBeLessThan(500);
  });
});

describe("logout", () => {
  it("returns the store's sign-out URL and leaves both clients logged out", async () => {
    const sdk = sdkClient();
    const ours = ourClient();
    sdk.auth.setTokens(
      await sdk.auth.getMemberTokensForExternalLoginWithSession(newEmail("sdk"), store.apiKey),
    );
    await ours.members.getMemberTokensForExternalLoginWithSession(newEmail("ours"), store.apiKey);

    const sdkOut = await sdk.auth.logout(`${store.url}/bye`);
    const ourOut = await ours.members.logout(`${store.url}/bye`);

    expect(new URL(ourOut.logoutUrl).pathname).toBe(new URL(sdkOut.logoutUrl).pathname);
    expect(sdk.auth.loggedIn()).toBe(false);
    expect(ours.members.loggedIn()).toBe(false);
  });
});

describe("members-only collection", () => {
  it("refuses a visitor on both", async () => {
    const sdkError = await failure<Error>(sdkClient().items.query(MEMBERS_ONLY).find());
    const ourError = await failure(
      ourClient().content.items.query({ dataCollectionId: MEMBERS_ONLY }),
    );

    expect(sdkError).toBeInstanceOf(Error);
    expect(ourError).toMatchObject({ name: "HttpError", status: 403 });
  });
});

/** Our client signed in as `email` through the redirect flow (query mode). */
async function signedIn(email: string) {
  const ours = await ourMember(email);
  const data = ours.members.generateOAuthData(`${store.url}/callback`);
  const { authUrl } = await ours.members.getAuthUrl(data, { responseMode: "query" });
  const back = ours.members.parseFromUrl(await signInOnPage(authUrl, email, PASSWORD), "query");
  await ours.members.getMemberTokens(back.code, back.state, data);
  return ours;
}

describe("our client's other identity calls against the real store", () => {
  it("changePassword lets a signed-in member log in with the new password only", async () => {
    const email = newEmail("change");
    const ours = await signedIn(email);

    await ours.members.changePassword("another long passphrase");

    await expect(
      ourClient().members.login({ email, password: "another long passphrase" }),
    ).resolves.toMatchObject({ loginState: "SUCCESS" });
    await expect(ourClient().members.login({ email, password: PASSWORD })).resolves.toMatchObject({
      loginState: "FAILURE",
      errorCode: "invalidPassword",
    });
  });

  it("changePassword is refused to a visitor", async () => {
    await expect(ourClient().members.changePassword("whatever passphrase")).rejects.toMatchObject({
      name: "HttpError",
    });
  });

  it("validateEmail tells a well-formed address from a malformed one", async () => {
    const ours = ourClient();

    await expect(ours.members.validateEmail("someone@example.com")).resolves.toMatchObject({
      valid: true,
    });
    await expect(ours.members.validateEmail("not an address")).resolves.toMatchObject({
      valid: false,
    });
  });

  it("resendVerificationCode mails a new code that verifies the sign-up", async () => {
    const email = newEmail("resend");
    const ours = ourClient();
    await ours.members.register({ email, password: PASSWORD });
    await mailedCode(email);

    clock.ms += 61_000; // past the store's resend cool-down
    await ours.members.resendVerificationCode();
    const resent = await mail.waitFor(email, /verification code is \d{6}/, { skip: 1 });
    const code = /verification code is (\d{6})/.exec(resent.text)?.[1] ?? "";

    await expect(
      ours.members.processVerification({ verificationCode: code }),
    ).resolves.toMatchObject({ loginState: "SUCCESS" });
  });

  it("sendActivationEmail with the API key mails a link that sets a first password", async () => {
    const email = newEmail("activate");
    const ours = ourClient();
    const { identity } = await ours.members.signOn(email, store.apiKey);

    await ours.members.sendActivationEmail(identity._id, store.apiKey);
    const message = await mail.waitFor(email, /reset-password\?token=/);
    const token = decodeURIComponent(
      /reset-password\?token=([^\s&]+)/.exec(message.text)?.[1] ?? "",
    );
    await ours.members.recover(token, "a first passphrase");

    await expect(
      ourClient().members.login({ email, password: "a first passphrase" }),
    ).resolves.toMatchObject({ loginState: "SUCCESS" });
  });

  it("sendActivationEmail is refused without the API key", async () => {
    const email = newEmail("no-key");
    const { identity } = await ourClient().members.signOn(email, store.apiKey);

    await expect(
      ourClient().members.sendActivationEmail(identity._id, "not-the-key"),
    ).rejects.toMatchObject({ name: "HttpError" });
  });
});
