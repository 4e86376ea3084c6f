/**
 * Second factor per account: with the password known, wrong TOTP and recovery codes
 * from many addresses together are capped per account; then the step ends and the member hears.
 */
import { TOTP } from "otpauth";
import { afterEach, beforeEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { TEST_KEY } from "../../main/test-kit/test-app.ts";
import { DEFAULT_IDENTITY_CONFIG } from "../identity-config.ts";
import { createIdentityContext } from "../identity-service.ts";
import { confirmTotpEnrolment, startTotpEnrolment } from "../totp.ts";

const LOGIN = "/_api/iam/authentication/v2/login";
const ADDRESSES = Array.from({ length: 6 }, (_, i) => `203.0.113.${i + 1}`);

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

function from(address: string, url: string, payload: unknown) {
  return k.app.inject({
    method: "POST",
    url,
    remoteAddress: address,
    headers: { host: "store.test", "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
}

/** Ada turns TOTP on (the store's own enrolment); answers her authenticator. */
async function adaWithTotp(): Promise<TOTP> {
  const id = await k.signUp("ada@example.com");
  const ctx = createIdentityContext(k.db, {
    key: TEST_KEY,
    now: () => k.clock.ms,
    log: k.app.log,
  });
  const enrolment = await startTotpEnrolment(ctx, { id, email: "ada@example.com" });
  const totp = new TOTP({ secret: enrolment.manualKey });
  const code = totp.generate({ timestamp: k.clock.ms });
  expect(confirmTotpEnrolment(ctx, id, enrolment.enrolmentToken, code)).not.toBeNull();
  return totp;
}

test("wrong second-factor codes from 6 addresses in parallel: at most the account's cap are checked", async () => {
  const totp = await adaWithTotp();
  const mailsBefore = k.smtp.countTo("ada@example.com");
  // The attacker knows the password: a few sign-in steps from each address.
  const steps: { address: string; stateToken: string }[] = [];
  for (const address of ADDRESSES) {
    for (let i = 0; i < 4; i++) {
      const login = await from(address, LOGIN, {
        loginId: { email: "ada@example.com" },
        password: PASSWORD,
      });
      expect(login.json().state).toBe("REQUIRE_MFA");
      steps.push({ address, stateToken: login.json().stateToken });
    }
  }
  const right = totp.generate({ timestamp: k.clock.ms });
  const guesses = steps.flatMap(({ address, stateToken }) =>
    Array.from({ length: 5 }, (_, i) => {
      const guess = String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, "0");
      return from(address, "/_api/iam/authentication/v2/totp/verify", {
        stateToken,
        factorType: "TOTP",
        totpData: { code: guess },
      });
    }),
  );
  const answers = await Promise.all(guesses);
  const checked = answers.filter((answer) => codeOf(answer) === "IDENTITY_CODE_INVALID");
  expect(checked.length).toBeLessThanOrEqual(DEFAULT_IDENTITY_CONFIG.factorMaxPerAccount);
  expect(answers.some((answer) => codeOf(answer) === "IDENTITY_THROTTLED")).toBe(true);

  // The steps are over: even the right code no longer signs in with them.
  const late = await from(ADDRESSES[0] ?? "", "/_api/iam/authentication/v2/totp/verify", {
    stateToken: steps[0]?.stateToken,
    factorType: "TOTP",
    totpData: { code: right },
  });
  expect(late.json().state).not.toBe("SUCCESS");
  const alert = await k.smtp.nextMail("ada@example.com", mailsBefore);
  expect(alert.subject).toBe("Too many wrong sign-in codes");
}, 30_000);
