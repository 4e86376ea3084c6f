/**
 * The second-factor step of a sign-in (`/v2/{factorType}/verify`), each check alone: which step
 * a token names, whose it is and whether they may still sign in, the factor's name, the answer
 * past the account's cap and the alert it sends, two factors racing on one step, and the sign-in
 * history it writes.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import {
  createMemberKit,
  type MemberKit,
  ORIGIN,
  PASSWORD,
} from "../../main/test-kit/identity-kit.ts";
import { createSoftAuthenticator } from "../../main/test-kit/soft-authenticator.ts";
import {
  descriptionOf,
  identityContext,
  memberWithTotp,
  passwordStep,
  sendRecoveryCode,
  sendTotp,
  turnTotpOn,
} from "../../main/test-kit/totp-member.ts";

const ADA = "ada@example.com";
const AUTH = "/_api/iam/authentication";
const ALERT_TEXT =
  "Someone who knows your password entered too many wrong two-step verification codes " +
  "for your account. The sign-in was stopped. If it was not you, change your password.\n";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

const wrongCode = (right: string, i: number) =>
  String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, "0");

describe("the step a token names", () => {
  test("a sign-up's e-mail verification step cannot be finished at the second-factor door", async () => {
    const registered = await k.post(`${AUTH}/v2/register`, {
      loginId: { email: ADA },
      password: PASSWORD,
    });
    expect(registered.json().state).toBe("REQUIRE_EMAIL_VERIFICATION");
    const stateToken = registered.json().stateToken as string;
    const totp = await sendTotp(k, stateToken, "123456");
    expect(totp.statusCode).toBe(400);
    expect(codeOf(totp)).toBe("IDENTITY_STATE_TOKEN_INVALID");
    expect(codeOf(await sendRecoveryCode(k, stateToken, "abcde-12345"))).toBe(
      "IDENTITY_STATE_TOKEN_INVALID",
    );
  });

  test("a forged, missing or non-text step token is refused as a step, not a fault", async () => {
    for (const stateToken of ["forged", undefined, 42, { $ne: null }]) {
      const answer = await k.post(`${AUTH}/v2/totp/verify`, {
        stateToken,
        totpData: { code: "123456" },
      });
      expect(answer.statusCode).toBe(400);
      expect(codeOf(answer)).toBe("IDENTITY_STATE_TOKEN_INVALID");
    }
  });

  test("a member blocked while their code step is open cannot finish it", async () => {
    const { id, totp } = await memberWithTotp(k, ADA);
    const stateToken = await passwordStep(k, ADA);
    // The status alone, as another store node's block lands between the password and the code.
    k.db.prepare("UPDATE identities SET status = 'BLOCKED' WHERE id = ?").run(id);
    const answer = await sendTotp(k, stateToken, totp.generate({ timestamp: k.clock.ms }));
    expect(answer.statusCode).toBe(400);
    expect(codeOf(answer)).toBe("IDENTITY_STATE_TOKEN_INVALID");
    expect(answer.json().sessionToken).toBeUndefined();
  });
});

describe("the factor's name", () => {
  test("the SDK's spellings of a factor type in the body reach the same check", async () => {
    const { totp, recovery } = await memberWithTotp(k, ADA);
    const byTotp = await k.post(`${AUTH}/v2/verify`, {
      stateToken: await passwordStep(k, ADA),
      factorType: " totp\n",
      totpData: { code: totp.generate({ timestamp: k.clock.ms }) },
    });
    expect(byTotp.json().state).toBe("SUCCESS");
    const byRecovery = await k.post(`${AUTH}/v2/verify`, {
      stateToken: await passwordStep(k, ADA),
      factorType: " Recovery-Code ",
      recoveryCodeData: { code: recovery[0] },
    });
    expect(byRecovery.json().state).toBe("SUCCESS");
  });

  test("a factor the store does not offer is named in the refusal", async () => {
    const answer = await k.post(`${AUTH}/v2/sms/verify`, {
      stateToken: "x",
      smsData: { code: "123456" },
    });
    expect(answer.statusCode).toBe(400);
    expect(codeOf(answer)).toBe("IDENTITY_FACTOR_NOT_ENABLED");
    expect(descriptionOf(answer)).toBe(
      "The factor [SMS] is not enabled: use TOTP, a passkey or a recovery code",
    );
  });
});

describe("guessing past the account's cap", () => {
  test("the answer says how long to wait, and the member gets one alert however often it trips", async () => {
    const { totp } = await memberWithTotp(k, ADA);
    const right = totp.generate({ timestamp: k.clock.ms });
    const mailsBefore = k.smtp.countTo(ADA);
    let guesses = 0;
    const guess = async () => {
      const stateToken = await passwordStep(k, ADA);
      for (let i = 0; i < 5; i++) {
        const answer = await sendTotp(k, stateToken, wrongCode(right, guesses++));
        if (answer.statusCode === 429) return answer;
      }
      return null;
    };
    let throttled = null;
    for (let round = 0; round < 4 && throttled === null; round++) throttled = await guess();
    if (throttled === null) throw new Error("the account's cap never answered");
    expect(codeOf(throttled)).toBe("IDENTITY_THROTTLED");
    const wait = throttled.json().details.applicationError.data.retryAfterSeconds as number;
    expect(wait).toBeGreaterThan(0);
    expect(descriptionOf(throttled)).toBe(`Too many attempts. Try again in ${wait} seconds.`);

    const alert = await k.smtp.nextMail(ADA, mailsBefore);
    expect(alert.subject).toBe("Too many wrong sign-in codes");
    expect(alert.text.replace(/\r\n/g, "\n").trim()).toBe(ALERT_TEXT.trim());

    // Tripped again within the minute: refused, and no second alert.
    const again = await sendTotp(k, await passwordStep(k, ADA), right);
    expect(codeOf(again)).toBe("IDENTITY_THROTTLED");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(k.smtp.countTo(ADA)).toBe(mailsBefore + 1);
  });
});

describe("one step, one sign-in", () => {
  test("a passkey and an app code racing on one step sign in once", async () => {
    const ada = await k.signedInMember(ADA);
    const device = createSoftAuthenticator();
    const own = "/_api/iam/passkeys/v1";
    const start = (
      await k.post(`${own}/registration-options`, {}, { authorization: ada.token })
    ).json();
    const added = await k.post(
      `${own}/passkeys`,
      { challengeId: start.challengeId, credential: device.create(start.options, ORIGIN) },
      { authorization: ada.token },
    );
    expect(added.statusCode).toBe(200);
    const { totp } = await turnTotpOn(k, ada.id, ADA);
    const stateToken = await passwordStep(k, ADA);
    const options = (await k.post(`${AUTH}/v2/webauthn/options`, { stateToken })).json();
    // The passkey's signature check is asynchronous: the app code is checked meanwhile.
    const answers = await Promise.all([
      k.post(`${AUTH}/v2/webauthn/verify`, {
        stateToken,
        webauthnData: {
          challengeId: options.challengeId,
          credential: device.get(options.options, ORIGIN),
        },
      }),
      sendTotp(k, stateToken, totp.generate({ timestamp: k.clock.ms })),
    ]);
    const states = answers.map((answer) => answer.json().state ?? codeOf(answer));
    expect(states.sort()).toEqual(["IDENTITY_STATE_TOKEN_INVALID", "SUCCESS"]);
  });
});

describe("the sign-in history", () => {
  test("names the second factor that let the member in", async () => {
    const { id, totp, recovery } = await memberWithTotp(k, ADA);
    const byTotp = await sendTotp(
      k,
      await passwordStep(k, ADA),
      totp.generate({ timestamp: k.clock.ms }),
    );
    expect(byTotp.json().state).toBe("SUCCESS");
    const byRecovery = await sendRecoveryCode(k, await passwordStep(k, ADA), recovery[0]);
    expect(byRecovery.json().state).toBe("SUCCESS");
    const history = identityContext(k).signIns.listOf(id);
    const successes = history
      .filter((entry) => entry.outcome === "success")
      .map((entry) => entry.method);
    expect(successes).toContain("totp");
    expect(successes).toContain("recovery-code");
  });
});
