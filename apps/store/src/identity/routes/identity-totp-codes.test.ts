/**
 * The app's code at sign-in and when turning two-step verification off, each check alone: a code
 * used once stays used for its whole time step (however early or late it came), what a member
 * types or pastes, junk instead of a code, a key sealed under another signing key, one member's
 * guesses against another's, and remembered devices after the factor was turned off.
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import { createMemberBrowser } from "../../main/test-kit/member-browser.ts";
import {
  enrolOnPages,
  LOGIN,
  memberWithTotp,
  passwordStep,
  rememberDevice,
  sendRecoveryCode,
  sendTotp,
  totpOn,
} from "../../main/test-kit/totp-member.ts";

const ADA = "ada@example.com";
const BOB = "bob@example.com";
const STEP_MS = 30_000;
const DISABLE = "/members/account/two-factor/disable";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

/** Moves the clock one second into a fresh time step. */
function startOfNextStep() {
  k.clock.ms = (Math.floor(k.clock.ms / STEP_MS) + 1) * STEP_MS + 1_000;
}

describe("a code used once stays used for its time step", () => {
  test("a code from an app running ahead, watched and replayed in its own time step, is refused", async () => {
    const { totp } = await memberWithTotp(k, ADA);
    startOfNextStep();
    const early = totp.generate({ timestamp: k.clock.ms + STEP_MS });
    expect((await sendTotp(k, await passwordStep(k, ADA), early)).json().state).toBe("SUCCESS");
    k.clock.ms += STEP_MS;
    const replay = await sendTotp(k, await passwordStep(k, ADA), early);
    expect(replay.statusCode).toBe(400);
    expect(codeOf(replay)).toBe("IDENTITY_CODE_INVALID");
  });

  test("the same code replayed seconds later, still in its time step, is refused", async () => {
    const { totp } = await memberWithTotp(k, ADA);
    startOfNextStep();
    const code = totp.generate({ timestamp: k.clock.ms });
    expect((await sendTotp(k, await passwordStep(k, ADA), code)).json().state).toBe("SUCCESS");
    k.clock.ms += 5_000;
    const replay = await sendTotp(k, await passwordStep(k, ADA), code);
    expect(codeOf(replay)).toBe("IDENTITY_CODE_INVALID");
  });
});

describe("what a member types or an attacker sends as the code", () => {
  test("an app code typed with the space the app shows signs in", async () => {
    const { totp } = await memberWithTotp(k, ADA);
    const code = totp.generate({ timestamp: k.clock.ms });
    const spaced = `${code.slice(0, 3)} ${code.slice(3)}`;
    expect((await sendTotp(k, await passwordStep(k, ADA), spaced)).json().state).toBe("SUCCESS");
  });

  test("the right app code sent as a number, a list or an object is a wrong code, not a fault", async () => {
    const { totp } = await memberWithTotp(k, ADA);
    const code = totp.generate({ timestamp: k.clock.ms });
    for (const junk of [Number(code), [code], { code }]) {
      const answer = await sendTotp(k, await passwordStep(k, ADA), junk);
      expect(answer.statusCode).toBe(400);
      expect(codeOf(answer)).toBe("IDENTITY_CODE_INVALID");
    }
  });

  test("a recovery code sent as a number, a list or an object is a wrong code, not a fault", async () => {
    const { recovery } = await memberWithTotp(k, ADA);
    for (const junk of [12345, [recovery[0]], { code: recovery[0] }]) {
      const answer = await sendRecoveryCode(k, await passwordStep(k, ADA), junk);
      expect(answer.statusCode).toBe(400);
      expect(codeOf(answer)).toBe("IDENTITY_CODE_INVALID");
    }
  });

  test("a recovery code pasted in capitals with spaces around it signs in, and only once", async () => {
    const { recovery } = await memberWithTotp(k, ADA);
    const pasted = `  ${(recovery[0] ?? "").toUpperCase()}\n`;
    expect((await sendRecoveryCode(k, await passwordStep(k, ADA), pasted)).json().state).toBe(
      "SUCCESS",
    );
    const again = await sendRecoveryCode(k, await passwordStep(k, ADA), pasted);
    expect(codeOf(again)).toBe("IDENTITY_CODE_INVALID");
  });
});

describe("a key the store cannot open", () => {
  test("a database moved to a store with another signing key lets no app code in, right or wrong", async () => {
    const { totp } = await memberWithTotp(k, ADA, randomBytes(32));
    for (const code of [totp.generate({ timestamp: k.clock.ms }), "000000"]) {
      const answer = await sendTotp(k, await passwordStep(k, ADA), code);
      expect(answer.statusCode).toBe(400);
      expect(codeOf(answer)).toBe("IDENTITY_CODE_INVALID");
      expect(answer.json().sessionToken).toBeUndefined();
    }
  });
});

describe("turning two-step verification off", () => {
  test("turning it off when it is not on answers that the code is wrong", async () => {
    await k.signUp(ADA);
    const browser = createMemberBrowser(k);
    await browser.signIn(ADA);
    const refused = await browser.submit(DISABLE, { csrf: await browser.csrf(), code: "123456" });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("The code is wrong");
    expect(refused.body).not.toContain("Two-step verification is off");
  });

  test("one member's wrong codes to turn it off do not lock another member out", async () => {
    await k.signUp(ADA);
    await k.signUp(BOB);
    const ada = createMemberBrowser(k);
    const bob = createMemberBrowser(k);
    const adas = await enrolOnPages(k, ada, ADA);
    const bobs = await enrolOnPages(k, bob, BOB);
    const wrong = adas.totp.generate({ timestamp: k.clock.ms }) === "000000" ? "111111" : "000000";
    let answer = await ada.submit(DISABLE, { csrf: adas.csrf, code: wrong });
    for (let i = 0; i < 40 && answer.statusCode !== 429; i++) {
      answer = await ada.submit(DISABLE, { csrf: adas.csrf, code: wrong });
    }
    expect(answer.statusCode).toBe(429);
    const done = await bob.submit(DISABLE, {
      csrf: bobs.csrf,
      code: bobs.totp.generate({ timestamp: k.clock.ms }),
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain("Two-step verification is off");
    expect(totpOn(k, BOB)).toBe(false);
    expect(totpOn(k, ADA)).toBe(true);
  });

  test("a device remembered before it was turned off and on again must give the new code", async () => {
    await k.signUp(ADA);
    const browser = createMemberBrowser(k);
    const first = await enrolOnPages(k, browser, ADA);
    const device = await rememberDevice(k, ADA, first.totp);
    const login = (cookie: string) =>
      k.post(LOGIN, { loginId: { email: ADA }, password: "correct horse battery" }, { cookie });
    expect((await login(device)).json().state).toBe("SUCCESS");

    k.clock.ms += STEP_MS;
    const off = await browser.submit(DISABLE, {
      csrf: first.csrf,
      code: first.totp.generate({ timestamp: k.clock.ms }),
    });
    expect(off.body).toContain("Two-step verification is off");
    await enrolOnPages(k, browser, ADA);

    expect((await login(device)).json().state).toBe("REQUIRE_MFA");
  });
});
