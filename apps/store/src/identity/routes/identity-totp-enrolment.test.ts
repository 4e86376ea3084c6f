/**
 * Confirming a TOTP set-up on the account page, each check alone: a wrong code, a forged set-up
 * token, another member's set-up, and a set-up sealed before the signing key changed. None turns
 * two-step verification on; a wrong code shows the same set-up again.
 */
import { randomBytes } from "node:crypto";
import { TOTP } from "otpauth";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import {
  createMemberBrowser,
  hiddenValue,
  type MemberBrowser,
  manualKeyOf,
} from "../../main/test-kit/member-browser.ts";
import { identityContext, totpOn } from "../../main/test-kit/totp-member.ts";
import { startTotpEnrolment } from "../totp.ts";

const ADA = "ada@example.com";
const BOB = "bob@example.com";
const CONFIRM = "/members/account/two-factor/confirm";
const EXPIRED = "This set-up has expired. Start again.";

let k: MemberKit;
let ada: MemberBrowser;
let adaId: string;
beforeEach(async () => {
  k = await createMemberKit();
  adaId = await k.signUp(ADA);
  ada = createMemberBrowser(k);
  await ada.signIn(ADA);
});
afterEach(() => k.close());

/** Starts a set-up on the account page: its CSRF token, enrolment token and the app. */
async function startSetUp(browser: MemberBrowser) {
  const csrf = await browser.csrf();
  const page = await browser.submit("/members/account/two-factor", { csrf });
  return {
    csrf,
    enrolment: hiddenValue(page, "enrolment"),
    key: manualKeyOf(page),
    totp: new TOTP({ secret: manualKeyOf(page) }),
  };
}

const wrongCode = (totp: TOTP, ms: number) =>
  totp.generate({ timestamp: ms }) === "000000" ? "111111" : "000000";

test("a wrong code leaves it off and shows the same set-up again, which the right code then finishes", async () => {
  const setUp = await startSetUp(ada);
  const wrong = await ada.submit(CONFIRM, {
    csrf: setUp.csrf,
    enrolment: setUp.enrolment,
    code: wrongCode(setUp.totp, k.clock.ms),
  });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.body).toContain("That code is not right. Enter the current code from the app.");
  expect(manualKeyOf(wrong)).toBe(setUp.key);
  expect(hiddenValue(wrong, "enrolment")).toBe(setUp.enrolment);
  expect(wrong.body).toContain("<svg");
  expect(totpOn(k, ADA)).toBe(false);

  const right = await ada.submit(CONFIRM, {
    csrf: setUp.csrf,
    enrolment: setUp.enrolment,
    code: setUp.totp.generate({ timestamp: k.clock.ms }),
  });
  expect(right.body).toContain("Two-step verification is on");
  expect(totpOn(k, ADA)).toBe(true);
});

test("a forged set-up token turns nothing on and asks to start again", async () => {
  const setUp = await startSetUp(ada);
  for (const forged of ["forged", ""]) {
    const answer = await ada.submit(CONFIRM, {
      csrf: setUp.csrf,
      enrolment: forged,
      code: setUp.totp.generate({ timestamp: k.clock.ms }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(EXPIRED);
  }
  expect(totpOn(k, ADA)).toBe(false);
});

test("another member's set-up token, with its right code, turns nothing on for either of them", async () => {
  await k.signUp(BOB);
  const bob = createMemberBrowser(k);
  await bob.signIn(BOB);
  const adas = await startSetUp(ada);
  const answer = await bob.submit(CONFIRM, {
    csrf: await bob.csrf(),
    enrolment: adas.enrolment,
    code: adas.totp.generate({ timestamp: k.clock.ms }),
  });
  expect(answer.statusCode).toBe(400);
  expect(answer.body).toContain(EXPIRED);
  expect(answer.body).not.toContain(adas.key);
  expect(totpOn(k, BOB)).toBe(false);
  expect(totpOn(k, ADA)).toBe(false);
  // Ada's own set-up is still hers to finish.
  const hers = await ada.submit(CONFIRM, {
    csrf: adas.csrf,
    enrolment: adas.enrolment,
    code: adas.totp.generate({ timestamp: k.clock.ms }),
  });
  expect(hers.body).toContain("Two-step verification is on");
});

test("a set-up begun before the signing key changed asks to start again", async () => {
  const csrf = await ada.csrf();
  const before = await startTotpEnrolment(identityContext(k, randomBytes(32)), {
    id: adaId,
    email: ADA,
  });
  const totp = new TOTP({ secret: before.manualKey });
  for (const code of [totp.generate({ timestamp: k.clock.ms }), "000000"]) {
    const answer = await ada.submit(CONFIRM, {
      csrf,
      enrolment: before.enrolmentToken,
      code,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain(EXPIRED);
  }
  expect(totpOn(k, ADA)).toBe(false);
});
