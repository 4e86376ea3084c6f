import { describe, expect, it } from "vitest";
import { failure } from "./harness/failure.ts";
import { MEMBERS_ONLY, PASSWORD, useMemberSuite } from "./harness/member-suite.ts";

// The official SDK's OAuthStrategy and our member client, call by call, against one real store
// that mails through a real SMTP server. Each side uses its own e-mail addresses.
const { suite, newEmail, sdkClient, ourClient, mailedCode, sdkMember, ourMember, signInOnPage } =
  useMemberSuite();

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
    await ourClient().members.signOn(email, suite.store.apiKey);

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
    const redirect = `${suite.store.url}/after-reset`;

    await sdk.auth.sendPasswordResetEmail(sdkEmail, redirect);
    await ours.members.sendPasswordResetEmail(ourEmail, redirect);
    const token = async (email: string) => {
      const message = await suite.mail.waitFor(email, /reset-password\?token=/);
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
    const redirectUri = `${suite.store.url}/callback`;

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
    const redirectUri = `${suite.store.url}/callback`;
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
    const { identity } = await ours.members.signOn(email, suite.store.apiKey);
    const sdk = sdkClient();

    sdk.auth.setTokens(
      await sdk.auth.getMemberTokensForExternalLogin(identity._id, suite.store.apiKey),
    );
    const theirs = ourClient();
    await theirs.members.getMemberTokensForExternalLogin(identity._id, suite.store.apiKey);

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
      await sdk.auth.getMemberTokensForExternalLoginWithSession(
        newEmail("sdk"),
        suite.store.apiKey,
      ),
    );
    await ours.members.getMemberTokensForExternalLoginWithSession(
      newEmail("ours"),
      suite.store.apiKey,
    );

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
      await sdk.auth.getMemberTokensForExternalLoginWithSession(
        newEmail("sdk"),
        suite.store.apiKey,
      ),
    );
    await ours.members.getMemberTokensForExternalLoginWithSession(
      newEmail("ours"),
      suite.store.apiKey,
    );

    const sdkOut = await sdk.auth.logout(`${suite.store.url}/bye`);
    const ourOut = await ours.members.logout(`${suite.store.url}/bye`);

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
