/** Registration, e-mail verification and login through the identity API (docs/protocol.md §8). */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf, violatedFields } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { createSemaphore } from "../../platform/limits/semaphore.ts";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const REGISTER = "/_api/iam/authentication/v2/register";
const LOGIN = "/_api/iam/authentication/v2/login";
const VERIFY = "/_api/iam/verification/v1/auth/verify";

const register = (email: string, password = PASSWORD, extra: object = {}) =>
  k.post(REGISTER, { loginId: { email }, password, ...extra });
const login = (email: string, password = PASSWORD) =>
  k.post(LOGIN, { loginId: { email }, password });

describe("register", () => {
  test("a new member must confirm the e-mail with the code mailed over SMTP", async () => {
    const response = await register("ada@example.com", PASSWORD, { profile: { nickname: "ada" } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      state: "REQUIRE_EMAIL_VERIFICATION",
      sessionToken: null,
      stateToken: expect.any(String),
      identity: {
        email: { address: "ada@example.com", isVerified: false },
        status: { name: "PENDING", reasons: ["PENDING_EMAIL_VERIFICATION_REQUIRED"] },
        identityProfile: { nickname: "ada" },
      },
    });
    const code = await k.mailedCode("ada@example.com");
    const verified = await k.post(VERIFY, { code, stateToken: body.stateToken });
    expect(verified.json()).toMatchObject({
      state: "SUCCESS",
      sessionToken: expect.any(String),
      identity: { email: { isVerified: true }, status: { name: "ACTIVE", reasons: [] } },
    });
  });

  test("an e-mail that is taken answers -19995 (emailAlreadyExists) and stores nothing new", async () => {
    await k.signUp("ada@example.com");
    const again = await register("ADA@example.com ", "another password");
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe("-19995");
    expect(k.db.prepare("SELECT count(*) AS n FROM identities").get()).toEqual({ n: 1 });
  });

  test("a malformed e-mail is a field violation typed EMAIL (the SDK's invalidEmail)", async () => {
    const response = await register("not-an-email");
    expect(response.statusCode).toBe(400);
    const violation = response.json().details.validationError.fieldViolations[0];
    expect(violation).toMatchObject({ field: "loginId.email", data: { type: "EMAIL" } });
  });

  test("a short password is refused and names the password field", async () => {
    const response = await register("ada@example.com", "short");
    expect(violatedFields(response)).toEqual(["password"]);
  });

  test("parallel registrations of one address create one identity", async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => register("race@example.com")),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => codeOf(r) === "-19995")).toHaveLength(4);
  });

  test("with owner approval on, a verified member waits for approval", async () => {
    await k.close();
    k = await createMemberKit({ config: { requireApproval: true } });
    const first = (await register("ada@example.com")).json();
    const code = await k.mailedCode("ada@example.com");
    const verified = await k.post(VERIFY, { code, stateToken: first.stateToken });
    expect(verified.json()).toMatchObject({
      state: "REQUIRE_OWNER_APPROVAL",
      identity: { status: { name: "PENDING", reasons: ["PENDING_ADMIN_APPROVAL_REQUIRED"] } },
    });
    expect((await login("ada@example.com")).json().state).toBe("REQUIRE_OWNER_APPROVAL");
  });

  test("with verification off, a new member is signed in at once", async () => {
    await k.close();
    k = await createMemberKit({ config: { requireEmailVerification: false } });
    const response = await register("ada@example.com");
    expect(response.json()).toMatchObject({ state: "SUCCESS", sessionToken: expect.any(String) });
  });
});

describe("e-mail verification", () => {
  async function pending(email: string) {
    const body = (await register(email)).json();
    return { stateToken: body.stateToken as string, code: await k.mailedCode(email) };
  }

  test("a used code cannot be used again", async () => {
    const { stateToken, code } = await pending("ada@example.com");
    expect((await k.post(VERIFY, { code, stateToken })).statusCode).toBe(200);
    const reuse = await k.post(VERIFY, { code, stateToken });
    expect(reuse.statusCode).toBe(400);
    expect(codeOf(reuse)).toBe("IDENTITY_STATE_TOKEN_INVALID");
  });

  test("an expired code is refused", async () => {
    const { stateToken, code } = await pending("ada@example.com");
    k.clock.ms += 16 * 60_000;
    expect(codeOf(await k.post(VERIFY, { code, stateToken }))).toBe("IDENTITY_STATE_TOKEN_INVALID");
  });

  test("five wrong guesses end the step, even the right code fails after", async () => {
    const { stateToken, code } = await pending("ada@example.com");
    const wrong = code === "000000" ? "111111" : "000000";
    const guesses = await Promise.all(
      Array.from({ length: 5 }, () => k.post(VERIFY, { code: wrong, stateToken })),
    );
    expect(guesses.map(codeOf)).toEqual(Array(5).fill("IDENTITY_CODE_INVALID"));
    expect(codeOf(await k.post(VERIFY, { code, stateToken }))).toBe("IDENTITY_STATE_TOKEN_INVALID");
  });

  test("a resent code replaces the old one", async () => {
    const { stateToken, code } = await pending("ada@example.com");
    k.clock.ms += 61_000; // past the resend cool-down
    const resent = await k.post("/_api/iam/verification/v1/auth/resend", { stateToken });
    expect(resent.json()).toEqual({});
    const fresh = await k.mailedCode("ada@example.com", 1);
    if (fresh !== code) {
      expect(codeOf(await k.post(VERIFY, { code, stateToken }))).toBe("IDENTITY_CODE_INVALID");
    }
    expect((await k.post(VERIFY, { code: fresh, stateToken })).json().state).toBe("SUCCESS");
  });

  test("a state token from one member's step does not verify another member", async () => {
    const ada = await pending("ada@example.com");
    const bob = await pending("bob@example.com");
    expect(codeOf(await k.post(VERIFY, { code: bob.code, stateToken: ada.stateToken }))).toBe(
      ada.code === bob.code ? undefined : "IDENTITY_CODE_INVALID",
    );
  });
});

describe("login", () => {
  test("the right password signs in with a session token", async () => {
    await k.signUp("ada@example.com");
    const response = await login("ada@example.com");
    expect(response.json()).toMatchObject({
      state: "SUCCESS",
      sessionToken: expect.any(String),
      identity: { email: { address: "ada@example.com" } },
    });
  });

  test("a wrong password and an unknown e-mail get the same answer (-19976)", async () => {
    await k.signUp("ada@example.com");
    const wrong = await login("ada@example.com", "wrong password!");
    const unknown = await login("nobody@example.com", "wrong password!");
    expect(wrong.statusCode).toBe(unknown.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(codeOf(wrong)).toBe("-19976");
  });

  test("a login body of the wrong shape is an application error, not a violation", async () => {
    const response = await k.post(LOGIN, { loginId: "ada", password: 5 });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe("-19976");
  });

  test("an unverified member is asked for a new mailed code", async () => {
    await register("ada@example.com");
    k.clock.ms += 61_000; // past the sign-up code's cool-down
    const response = await login("ada@example.com");
    expect(response.json()).toMatchObject({ state: "REQUIRE_EMAIL_VERIFICATION" });
    const code = await k.mailedCode("ada@example.com", 1);
    const verified = await k.post(VERIFY, { code, stateToken: response.json().stateToken });
    expect(verified.json().state).toBe("SUCCESS");
  });

  test("20 parallel wrong passwords for one e-mail: at most 10 are verified, the rest throttled", async () => {
    // Room for all 20 checks at once: the per-e-mail limit is what is tested here.
    await k.close();
    k = await createMemberKit({}, { passwordVerifications: createSemaphore(100) });
    await k.signUp("ada@example.com");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login("ada@example.com", `wrong password ${i}`)),
    );
    const checked = answers.filter((r) => codeOf(r) === "-19976");
    const throttled = answers.filter((r) => r.statusCode === 429);
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(checked.length + throttled.length).toBe(20);
    const first = throttled[0] as (typeof answers)[number];
    expect(codeOf(first)).toBe("IDENTITY_THROTTLED");
    expect(Number(first.headers["retry-after"])).toBeGreaterThan(0);
  });

  test("a sign-on member without a password is told to reset it (-19973)", async () => {
    await k.post(
      "/_api/iam/authentication/v2/sign-on",
      { loginId: { email: "sso@example.com" } },
      { authorization: `${await k.token()},${k.apiKey}` },
    );
    expect(codeOf(await login("sso@example.com", "whatever password"))).toBe("-19973");
  });
});
