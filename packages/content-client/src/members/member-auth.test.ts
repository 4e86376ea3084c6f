/**
 * The member auth client's flows: register and login, e-mail verification, activation mails,
 * the second factor, recovery.
 */
import { describe, expect, it } from "vitest";
import { jsonResponse, type RecordedRequest } from "../test-helpers/fake-fetch.ts";
import { appError, path, setup } from "../test-helpers/member-auth-fixture.ts";

describe("register and login", () => {
  it("sends register with the login id, profile and captcha tokens as the SDK does", async () => {
    const { members, requests } = setup((request) =>
      path(request).endsWith("/v2/register")
        ? jsonResponse({ state: "SUCCESS", sessionToken: "st-1", identity: { id: "m-1" } })
        : undefined,
    );

    const result = await members.register({
      email: "new@example.com",
      password: "pw-123456",
      profile: { nickname: "n" },
      captchaTokens: { recaptchaToken: "rc" },
    });

    expect(result).toEqual({ loginState: "SUCCESS", data: { sessionToken: "st-1" } });
    expect(requests.at(-1)?.body).toEqual({
      loginId: { email: "new@example.com" },
      password: "pw-123456",
      profile: { nickname: "n" },
      captchaTokens: [{ Recaptcha: "rc" }],
    });
  });

  it("answers a duplicate sign-up with emailAlreadyExists", async () => {
    const { members } = setup((request) =>
      path(request).endsWith("/v2/register")
        ? appError("-19995", "Email already exists", 409)
        : undefined,
    );

    await expect(members.register({ email: "a@b.c", password: "x" })).resolves.toMatchObject({
      loginState: "FAILURE",
      errorCode: "emailAlreadyExists",
    });
  });

  it("answers a wrong password with invalidPassword", async () => {
    const { members } = setup((request) =>
      path(request).endsWith("/v2/login") ? appError("-19976", "Wrong password", 401) : undefined,
    );

    await expect(members.login({ email: "a@b.c", password: "bad" })).resolves.toEqual({
      loginState: "FAILURE",
      error: "Wrong password",
      errorCode: "invalidPassword",
    });
  });

  it("rejects a login that gets no answer instead of calling it a wrong e-mail", async () => {
    const { members } = setup((request) => {
      if (path(request).endsWith("/v2/login")) throw new TypeError("fetch failed");
      return undefined;
    });

    await expect(members.login({ email: "a@b.c", password: "pw" })).rejects.toMatchObject({
      name: "NetworkError",
    });
  });
});

describe("processVerification", () => {
  const needsCode = (request: RecordedRequest) =>
    path(request).endsWith("/v2/register")
      ? jsonResponse({ state: "REQUIRE_EMAIL_VERIFICATION", stateToken: "state-7" })
      : path(request).endsWith("/v1/auth/verify")
        ? jsonResponse({ state: "SUCCESS", sessionToken: "st-2" })
        : undefined;

  it("sends the code with the state token of the last sign-up", async () => {
    const { members, requests } = setup(needsCode);

    const first = await members.register({ email: "a@b.c", password: "pw-123456" });
    const second = await members.processVerification({ verificationCode: "123456" });

    expect(first).toEqual({
      loginState: "EMAIL_VERIFICATION_REQUIRED",
      data: { stateToken: "state-7" },
    });
    expect(requests.at(-1)).toMatchObject({
      url: "https://store.test/_api/iam/verification/v1/auth/verify",
      body: { code: "123456", stateToken: "state-7" },
    });
    expect(second).toEqual({ loginState: "SUCCESS", data: { sessionToken: "st-2" } });
  });

  it("answers 'Unknown _state' without a pending verification and sends nothing", async () => {
    const { members, requests } = setup();

    await expect(members.processVerification({ code: "1" })).resolves.toEqual({
      loginState: "FAILURE",
      error: "Unknown _state",
    });
    expect(requests).toHaveLength(0);
  });

  it("throws the store's refusal of a wrong code, like the SDK", async () => {
    const { members } = setup(
      (request) =>
        (path(request).endsWith("/v1/auth/verify")
          ? appError("INVALID_CODE", "Wrong code")
          : undefined) ?? needsCode(request),
    );
    await members.register({ email: "a@b.c", password: "pw-123456" });

    await expect(members.processVerification({ code: "000000" })).rejects.toMatchObject({
      name: "HttpError",
      status: 400,
      code: "INVALID_CODE",
    });
  });
});

describe("verification started for an identity", () => {
  it("remembers the returned state token for processVerification", async () => {
    const { members, requests } = setup((request) =>
      path(request).endsWith("/v1/start")
        ? jsonResponse({ stateToken: "started-1" })
        : path(request).endsWith("/v1/auth/verify")
          ? jsonResponse({ state: "SUCCESS", sessionToken: "st-4" })
          : undefined,
    );

    await expect(members.startVerification("id-1")).resolves.toEqual({ stateToken: "started-1" });
    await members.processVerification({ code: "654321" });

    expect(requests.at(-2)?.body).toEqual({ identityId: "id-1", target: "EMAIL" });
    expect(requests.at(-1)?.body).toEqual({ code: "654321", stateToken: "started-1" });
  });
});

describe("activation e-mail", () => {
  it("sends the owner's API key beside the current token", async () => {
    const { members, requests } = setup((request) =>
      path(request).endsWith("/v1/activation-email") ? jsonResponse({}) : undefined,
    );

    await members.sendActivationEmail("id-2", "KEY", { language: "en" });

    expect(requests.at(-1)).toMatchObject({
      headers: { authorization: "visitor-1,KEY" },
      body: { identityId: "id-2", emailOptions: { language: "en" } },
    });
  });
});

describe("second factor", () => {
  it("posts the TOTP code with the state token to the factor's verify path", async () => {
    const { members, requests } = setup((request) =>
      path(request).endsWith("/v2/totp/verify")
        ? jsonResponse({ state: "SUCCESS", sessionToken: "st-3" })
        : undefined,
    );

    const result = await members.verifyFactor({
      factorType: "TOTP",
      stateToken: "mfa-1",
      code: "123456",
      rememberThisDevice: true,
    });

    expect(result).toEqual({ loginState: "SUCCESS", data: { sessionToken: "st-3" } });
    expect(requests.at(-1)?.body).toEqual({
      stateToken: "mfa-1",
      factorType: "TOTP",
      rememberThisDevice: true,
      totpData: { code: "123456" },
    });
  });
});

describe("recovery", () => {
  it("asks for a reset e-mail with the redirect URL and client id", async () => {
    const { members, requests } = setup((request) =>
      path(request).endsWith("/recovery/v1/send-email") ? jsonResponse({}) : undefined,
    );

    await members.sendPasswordResetEmail("member@example.com", "https://site.test/reset");

    expect(requests.at(-1)?.body).toEqual({
      email: "member@example.com",
      redirect: { url: "https://site.test/reset", clientId: "client-123" },
    });
  });
});
