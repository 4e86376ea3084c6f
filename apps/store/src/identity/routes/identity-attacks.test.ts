/**
 * Attacks on members' sign-in that once passed every test: a redirect URI on a foreign origin
 * behind an allowed wildcard path, guessing a second factor on one sign-in step, a member's own
 * token sending junk as a new password, and a PKCE downgrade to `plain`.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf, violatedFields } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import {
  createRedirectSession,
  flowPathOf,
  loginSessionToken,
  pkce,
} from "../../main/test-kit/member-signed-in.ts";
import { enrolTotp } from "../../main/test-kit/totp-member.ts";

const LOGIN = "/_api/iam/authentication/v2/login";
const ATTACKER = "203.0.113.66";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit({ config: { allowedRedirectUris: ["https://app.example/auth/*"] } });
});
afterEach(() => k.close());

/** A POST from one client address, the attacker's. */
const fromAttacker = (url: string, payload: unknown, authorization?: string) =>
  k.app.inject({
    method: "POST",
    url,
    remoteAddress: ATTACKER,
    headers: {
      host: "store.test",
      "content-type": "application/json",
      ...(authorization === undefined ? {} : { authorization }),
    },
    payload: JSON.stringify(payload),
  });

/** A redirect session completed at once with Ada's login session token. */
async function startSession(authRequest: Record<string, unknown>) {
  const sessionToken = await loginSessionToken(k, "ada@example.com", PASSWORD);
  const { response } = await createRedirectSession(k, {
    prompt: "none",
    redirectUri: null,
    sessionToken,
    authRequest,
  });
  return response;
}

describe("a redirect URI that only looks allowed cannot receive a member's code", () => {
  test.each([
    "https://evil.example/auth/x",
    "http://app.example/auth/x",
    "https://app.example.evil.example/auth/x",
    "https://app.example:8443/auth/x",
  ])("the wildcard https://app.example/auth/* does not admit %s", async (redirectUri) => {
    await k.signUp("ada@example.com");
    const response = await startSession({ redirectUri });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response)).toBe("REDIRECT_URI_NOT_ALLOWED");
  });

  test("on the wildcard's own origin and path the code arrives there", async () => {
    await k.signUp("ada@example.com");
    const created = await startSession({ redirectUri: "https://app.example/auth/x" });
    const page = await k.app.inject({
      method: "GET",
      url: flowPathOf(created),
      headers: { host: "store.test" },
    });
    const location = new URL(String(page.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe("https://app.example/auth/x");
    expect(new URLSearchParams(location.hash.slice(1)).get("code")).toEqual(expect.any(String));
  });
});

describe("guessing the second factor of one sign-in step, from one address", () => {
  /** Signs in with the stolen password: the step that asks for the second factor. */
  async function stolenPasswordStep(): Promise<string> {
    const step = await fromAttacker(LOGIN, {
      loginId: { email: "ada@example.com" },
      password: PASSWORD,
    });
    expect(step.json().state).toBe("REQUIRE_MFA");
    return step.json().stateToken as string;
  }

  const otherThan = (code: string, i: number) =>
    String((Number(code) + 1 + i * 7919) % 1_000_000).padStart(6, "0");

  async function guessTotp(stateToken: string, code: string) {
    return fromAttacker("/_api/iam/authentication/v2/totp/verify", {
      stateToken,
      totpData: { code },
    });
  }

  async function enrolled() {
    await k.signUp("ada@example.com");
    const enrolment = await enrolTotp(k, "ada@example.com");
    k.clock.ms += 30_000;
    return enrolment;
  }

  test("five wrong app codes end the step: the right code after them is refused", async () => {
    const { totp } = await enrolled();
    const stateToken = await stolenPasswordStep();
    const right = totp.generate({ timestamp: k.clock.ms });
    for (let i = 0; i < 5; i++) {
      expect(codeOf(await guessTotp(stateToken, otherThan(right, i)))).toBe(
        "IDENTITY_CODE_INVALID",
      );
    }
    const after = await guessTotp(stateToken, right);
    expect(after.statusCode).toBe(400);
    expect(codeOf(after)).toBe("IDENTITY_STATE_TOKEN_INVALID");
    expect(after.json().sessionToken).toBeUndefined();
  });

  test("four wrong app codes leave the step to the member who then types the right one", async () => {
    const { totp } = await enrolled();
    const stateToken = await stolenPasswordStep();
    const right = totp.generate({ timestamp: k.clock.ms });
    for (let i = 0; i < 4; i++) await guessTotp(stateToken, otherThan(right, i));
    expect((await guessTotp(stateToken, right)).json().state).toBe("SUCCESS");
  });

  test("five wrong recovery codes end the step: a real recovery code after them is refused", async () => {
    const { recovery } = await enrolled();
    const stateToken = await stolenPasswordStep();
    const guess = (code: string) =>
      fromAttacker("/_api/iam/authentication/v2/recovery-code/verify", {
        stateToken,
        recoveryCodeData: { code },
      });
    for (let i = 0; i < 5; i++) {
      expect(codeOf(await guess(`0000${i}-00000`))).toBe("IDENTITY_CODE_INVALID");
    }
    const after = await guess(recovery[0] ?? "");
    expect(codeOf(after)).toBe("IDENTITY_STATE_TOKEN_INVALID");
    expect(after.json().sessionToken).toBeUndefined();
  });
});

describe("a member's own token sending junk as the new password", () => {
  test.each([
    ["nothing", undefined],
    ["null", null],
    ["a number", 5],
    ["an empty string", ""],
    ["a short password", "short"],
    ["one character under the minimum", "x".repeat(7)],
    ["a password over 256 characters", "x".repeat(257)],
    ["a list", ["a long enough password"]],
    ["an object", { $ne: "" }],
  ])(
    "%s is a validation error on newPassword and the old password still works",
    async (_name, newPassword) => {
      const member = await k.signedInMember("ada@example.com");
      const response = await fromAttacker(
        "/_api/iam/authentication/v2/change-password",
        { currentPassword: PASSWORD, newPassword },
        member.token,
      );
      expect(response.statusCode).toBe(400);
      expect(violatedFields(response)).toEqual(["newPassword"]);
      const login = await k.post(LOGIN, {
        loginId: { email: "ada@example.com" },
        password: PASSWORD,
      });
      expect(login.json().state).toBe("SUCCESS");
    },
  );
});

describe("a PKCE downgrade", () => {
  test("a redirect session asking for the plain method is refused", async () => {
    await k.signUp("ada@example.com");
    const flow = pkce();
    const response = await startSession({
      redirectUri: "https://app.example/auth/x",
      codeChallenge: flow.verifier.slice(0, 43),
      codeChallengeMethod: "plain",
    });
    expect(response.statusCode).toBe(400);
    expect(violatedFields(response)).toEqual(["auth.authRequest.codeChallengeMethod"]);
  });
});
