/** Password recovery, activation, captcha and sign-on through the identity API. */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import {
  createMemberKit,
  type MemberKit,
  ORIGIN,
  PASSWORD,
} from "../../main/test-kit/identity-kit.ts";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const SEND = "/_api/iam/recovery/v1/send-email";
const RECOVER = "/_api/iam/recovery/v1/recover";

async function recoveryToken(email: string, after: number) {
  const mail = await k.smtp.nextMail(email, after);
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? "");
  return { link, token: link.searchParams.get("token") ?? "" };
}

describe("recovery", () => {
  test("a member's recovery token sets the new password and signs in", async () => {
    await k.signUp("ada@example.com");
    const sent = await k.post(SEND, {
      email: "ada@example.com",
      redirect: { url: `${ORIGIN}/reset`, clientId: "test-client" },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({});
    const { token } = await recoveryToken("ada@example.com", 1);
    const recovered = await k.post(RECOVER, { recoveryToken: token, password: "new password 1" });
    expect(recovered.json()).toMatchObject({ state: "SUCCESS", sessionToken: expect.any(String) });
  });

  test("a recovery token works once", async () => {
    await k.signUp("ada@example.com");
    await k.post(SEND, { email: "ada@example.com" });
    const { token } = await recoveryToken("ada@example.com", 1);
    const [a, b] = await Promise.all([
      k.post(RECOVER, { recoveryToken: token, password: "new password 1" }),
      k.post(RECOVER, { recoveryToken: token, password: "new password 2" }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    expect(codeOf(a.statusCode === 400 ? a : b)).toBe("IDENTITY_RECOVERY_TOKEN_INVALID");
  });

  test("an expired recovery token is refused", async () => {
    await k.signUp("ada@example.com");
    await k.post(SEND, { email: "ada@example.com" });
    const { token } = await recoveryToken("ada@example.com", 1);
    k.clock.ms += 61 * 60_000;
    const response = await k.post(RECOVER, { recoveryToken: token, password: "new password 1" });
    expect(codeOf(response)).toBe("IDENTITY_RECOVERY_TOKEN_INVALID");
  });

  test("a too-short new password is refused and leaves the token usable", async () => {
    await k.signUp("ada@example.com");
    await k.post(SEND, { email: "ada@example.com" });
    const { token } = await recoveryToken("ada@example.com", 1);
    expect((await k.post(RECOVER, { recoveryToken: token, password: "short" })).statusCode).toBe(
      400,
    );
    expect(
      (await k.post(RECOVER, { recoveryToken: token, password: "long enough" })).statusCode,
    ).toBe(200);
  });

  test("an unknown address gets the same answer as a member's, and no mail", async () => {
    await k.signUp("ada@example.com");
    const member = await k.post(SEND, { email: "ada@example.com" });
    const stranger = await k.post(SEND, { email: "nobody@example.com" });
    expect(stranger.statusCode).toBe(member.statusCode);
    expect(stranger.json()).toEqual(member.json());
    await k.smtp.nextMail("ada@example.com", 1);
    expect(k.smtp.countTo("nobody@example.com")).toBe(0);
  });

  test("a redirect URL on a foreign origin is refused", async () => {
    const response = await k.post(SEND, {
      email: "ada@example.com",
      redirect: { url: "https://evil.example/reset" },
    });
    expect(codeOf(response)).toBe("REDIRECT_URI_NOT_ALLOWED");
  });

  test("with PUBLIC_URL set, a forged Host does not steer the mailed link", async () => {
    await k.close();
    k = await createMemberKit({ config: { publicUrl: "https://members.example" } });
    await k.signUp("ada@example.com");
    await k.post(SEND, { email: "ada@example.com" }, { host: "evil.example" });
    const { link } = await recoveryToken("ada@example.com", 1);
    expect(link.origin).toBe("https://members.example");
  });

  test("recovery mails per address are capped; the answer stays the same", async () => {
    await k.signUp("ada@example.com");
    const answers = [];
    for (let i = 0; i < 6; i++) {
      answers.push(await k.post(SEND, { email: "ada@example.com" }));
      k.clock.ms += 61_000; // past the link cool-down
    }
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    await k.smtp.nextMail("ada@example.com", 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The sign-up code, then three recovery mails and no more.
    expect(k.smtp.countTo("ada@example.com")).toBe(4);
  });

  test("the activation e-mail needs the API key", async () => {
    const id = await k.signUp("ada@example.com");
    const refused = await k.post("/_api/iam/recovery/v1/activation-email", { identityId: id });
    expect(codeOf(refused)).toBe("IDENTITY_API_KEY_REQUIRED");
    const sent = await k.post(
      "/_api/iam/recovery/v1/activation-email",
      { identityId: id, emailOptions: { language: "en" } },
      { authorization: k.apiKey },
    );
    expect(sent.json()).toEqual({});
    expect((await k.smtp.nextMail("ada@example.com", 1)).subject).toBe("Activate your account");
  });
});

describe("captcha", () => {
  const verifier = async (token: string) => token === "human";

  beforeEach(async () => {
    await k.close();
    k = await createMemberKit({ captcha: verifier });
  });

  test("a missing captcha token answers -19971 (missingCaptchaToken)", async () => {
    const response = await k.post("/_api/iam/authentication/v2/register", {
      loginId: { email: "ada@example.com" },
      password: PASSWORD,
    });
    expect(codeOf(response)).toBe("-19971");
  });

  test("a refused captcha token answers -19970 (invalidCaptchaToken) on login", async () => {
    const response = await k.post("/_api/iam/authentication/v2/login", {
      loginId: { email: "ada@example.com" },
      password: PASSWORD,
      captchaTokens: [{ Recaptcha: "robot" }],
    });
    expect(codeOf(response)).toBe("-19970");
  });

  test("the store's sign-up page still works: its forms have no captcha widget", async () => {
    const form = await k.app.inject({
      method: "GET",
      url: "/members/sign-up",
      headers: { host: "store.test" },
    });
    const formToken = /name="form_token" value="([^"]+)"/.exec(form.body)?.[1] ?? "";
    const page = await k.app.inject({
      method: "POST",
      url: "/members/sign-up",
      headers: {
        host: "store.test",
        "content-type": "application/x-www-form-urlencoded",
        cookie: String(form.headers["set-cookie"]).split(";")[0] ?? "",
      },
      payload: new URLSearchParams({
        name: "Page Member",
        email: "page@example.com",
        password: PASSWORD,
        form_token: formToken,
      }).toString(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Check your e-mail");
  });

  test("a genuine token lets registration through", async () => {
    const response = await k.post("/_api/iam/authentication/v2/register", {
      loginId: { email: "ada@example.com" },
      password: PASSWORD,
      captchaTokens: [{ InvisibleRecaptcha: "human" }],
    });
    expect(response.json().state).toBe("REQUIRE_EMAIL_VERIFICATION");
  });
});

describe("verification start", () => {
  test("the API key starts a verification and the mailed code verifies", async () => {
    const id = await k.signUp("ada@example.com");
    k.clock.ms += 61_000; // past the sign-up code's cool-down
    const started = await k.post(
      "/_api/iam/verification/v1/start",
      { identityId: id, target: "EMAIL" },
      { authorization: k.apiKey },
    );
    const code = await k.mailedCode("ada@example.com", 1);
    const verified = await k.post("/_api/iam/verification/v1/auth/verify", {
      code,
      stateToken: started.json().stateToken,
    });
    expect(verified.json().state).toBe("SUCCESS");
  });

  test("a visitor cannot start a verification for someone else", async () => {
    const id = await k.signUp("ada@example.com");
    const response = await k.post(
      "/_api/iam/verification/v1/start",
      { identityId: id, target: "EMAIL" },
      { authorization: await k.token() },
    );
    expect(codeOf(response)).toBe("IDENTITY_MEMBER_REQUIRED");
  });
});

describe("validate-email and logout", () => {
  test("validate-email checks the format only", async () => {
    const ok = await k.post("/_api/iam/authentication/v2/validate-email", {
      email: "x@example.com",
    });
    expect(ok.json()).toMatchObject({ valid: true, formatInvalid: false });
    const bad = await k.post("/_api/iam/authentication/v2/validate-email", { email: "nope" });
    expect(bad.json()).toMatchObject({ valid: false, formatInvalid: true });
  });

  test("logout answers the redirect as data and refuses foreign targets", async () => {
    const ok = await k.app.inject({
      method: "GET",
      url: `/_api/iam/authentication/v1/logout?postLogoutRedirectUri=${encodeURIComponent(`${ORIGIN}/bye`)}&clientId=test-client`,
      headers: { host: "store.test" },
    });
    expect(ok.json()).toEqual({
      body: "",
      statusCode: 302,
      headers: [{ key: "Location", value: `${ORIGIN}/bye` }],
    });
    const foreign = await k.app.inject({
      method: "GET",
      url: `/_api/iam/authentication/v1/logout?postLogoutRedirectUri=${encodeURIComponent("https://evil.example/")}`,
      headers: { host: "store.test" },
    });
    expect(codeOf(foreign)).toBe("REDIRECT_URI_NOT_ALLOWED");
  });
});
