/**
 * E-mail verification misused: another step's state token, a member blocked while the step
 * lives, codes in other shapes, a step whose code was never mailed, resend past its cap, and a
 * verification started for an identity that does not exist. Each refusal is asserted with its
 * catalogue code and message, so each test proves the check it is named after.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { enrolTotp } from "../../main/test-kit/totp-member.ts";

const REGISTER = "/_api/iam/authentication/v2/register";
const LOGIN = "/_api/iam/authentication/v2/login";
const VERIFY = "/_api/iam/verification/v1/auth/verify";
const RESEND = "/_api/iam/verification/v1/auth/resend";
const START = "/_api/iam/verification/v1/start";
const STEP_INVALID = "This step is invalid, expired or already done. Start again.";
const CODE_INVALID = "The code is wrong, expired or already used";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** Registers `email` (pending): the step's state token and the identity id. */
async function register(email: string): Promise<{ stateToken: string; id: string }> {
  const answer = (await k.post(REGISTER, { loginId: { email }, password: PASSWORD })).json();
  expect(answer.state).toBe("REQUIRE_EMAIL_VERIFICATION");
  return { stateToken: answer.stateToken, id: answer.identity.id };
}

function expectRefused(
  response: Awaited<ReturnType<MemberKit["post"]>>,
  code: string,
  message: string,
) {
  expect(response.statusCode).toBe(400);
  expect(codeOf(response)).toBe(code);
  expect(response.json().message).toBe(message);
}

describe("state tokens of other steps", () => {
  test("a second-factor step's state token, sent with a code or for a resend, is refused as no e-mail step", async () => {
    await k.signUp("ada@example.com");
    await enrolTotp(k, "ada@example.com");
    const login = (
      await k.post(LOGIN, { loginId: { email: "ada@example.com" }, password: PASSWORD })
    ).json();
    expect(login.state).toBe("REQUIRE_MFA");
    const mailed = k.smtp.countTo("ada@example.com");
    expectRefused(
      await k.post(VERIFY, { stateToken: login.stateToken, code: "123456" }),
      "IDENTITY_STATE_TOKEN_INVALID",
      STEP_INVALID,
    );
    k.clock.ms += 61_000;
    expectRefused(
      await k.post(RESEND, { stateToken: login.stateToken }),
      "IDENTITY_STATE_TOKEN_INVALID",
      STEP_INVALID,
    );
    await settle();
    expect(k.smtp.countTo("ada@example.com")).toBe(mailed);
  });

  test("a member blocked in the database directly (as by another node) cannot finish the step with the right code", async () => {
    const { stateToken, id } = await register("eve@example.com");
    const code = await k.mailedCode("eve@example.com");
    k.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE id = ?").run(id);
    expectRefused(
      await k.post(VERIFY, { stateToken, code }),
      "IDENTITY_STATE_TOKEN_INVALID",
      STEP_INVALID,
    );
    const row = k.db.prepare("SELECT email_verified AS v FROM identities WHERE id = ?").get(id);
    expect(Number((row as { v: unknown }).v)).toBe(0);
  });
});

describe("codes in other shapes", () => {
  test("the right code sent as a number is refused as a wrong code, not a server error", async () => {
    const { stateToken } = await register("ada@example.com");
    const code = await k.mailedCode("ada@example.com");
    expectRefused(
      await k.post(VERIFY, { stateToken, code: Number(code) }),
      "IDENTITY_CODE_INVALID",
      CODE_INVALID,
    );
    expect((await k.post(VERIFY, { stateToken, code })).json().state).toBe("SUCCESS");
  });

  test("the right code pasted with spaces and a line break around it verifies", async () => {
    const { stateToken } = await register("ada@example.com");
    const code = await k.mailedCode("ada@example.com");
    const verified = await k.post(VERIFY, { stateToken, code: `  ${code}\n` });
    expect(verified.json().state).toBe("SUCCESS");
  });

  test("a step whose code was never mailed (the recipient cooling down) takes no code, not even the sign-up's", async () => {
    await register("ada@example.com");
    const signUpCode = await k.mailedCode("ada@example.com");
    // The right password of the pending account within the cool-down: a new step, no mail.
    const login = (
      await k.post(LOGIN, { loginId: { email: "ada@example.com" }, password: PASSWORD })
    ).json();
    expect(login.state).toBe("REQUIRE_EMAIL_VERIFICATION");
    for (const code of [signUpCode, "000000"]) {
      expectRefused(
        await k.post(VERIFY, { stateToken: login.stateToken, code }),
        "IDENTITY_CODE_INVALID",
        CODE_INVALID,
      );
    }
  });
});

describe("resend", () => {
  test("resend from ever new addresses stops at five mails per step, with the cap's own answer", async () => {
    await k.close();
    k = await createMemberKit({ config: { mailMaxPerRecipient: 50 } });
    const { stateToken } = await register("ada@example.com");
    await k.mailedCode("ada@example.com");
    const resend = (i: number) =>
      k.app.inject({
        method: "POST",
        url: RESEND,
        remoteAddress: `203.0.113.${i}`,
        headers: { host: "store.test", "content-type": "application/json" },
        payload: JSON.stringify({ stateToken }),
      });
    for (let i = 1; i <= 4; i++) {
      k.clock.ms += 61_000;
      expect((await resend(i)).statusCode).toBe(200);
      await k.smtp.nextMail("ada@example.com", i);
    }
    k.clock.ms += 61_000;
    const capped = await resend(5);
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toEqual({
      message: "Too many attempts. Try again in 0 seconds.",
      details: {
        applicationError: {
          code: "IDENTITY_THROTTLED",
          description: "Too many attempts. Try again in 0 seconds.",
          data: { retryAfterSeconds: 0 },
        },
      },
    });
    await settle();
    expect(k.smtp.countTo("ada@example.com")).toBe(5);
    // The last mailed code still finishes the step.
    const last = await k.mailedCode("ada@example.com", 4);
    expect((await k.post(VERIFY, { stateToken, code: last })).json().state).toBe("SUCCESS");
  });
});

describe("start", () => {
  test("the API key starting a verification for an identity that does not exist is told which", async () => {
    const start = (identityId?: unknown) =>
      k.post(
        START,
        { ...(identityId === undefined ? {} : { identityId }), target: "EMAIL" },
        { authorization: k.apiKey },
      );
    for (const [identityId, shown] of [
      ["no-such-member", "no-such-member"],
      [undefined, ""],
      [42, "42"],
    ] as const) {
      const response = await start(identityId);
      expect(response.statusCode).toBe(404);
      expect(codeOf(response)).toBe("IDENTITY_NOT_FOUND");
      expect(response.json().message).toBe(`Identity [${shown}] does not exist`);
    }
  });
});
