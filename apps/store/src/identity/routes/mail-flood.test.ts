/**
 * Mail flood: mails per recipient and per client address are capped, resend has a
 * cool-down, and a pending account's right password neither resets the login limit nor mails a
 * fresh code every time. Attacks come from many client addresses at once.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { DEFAULT_IDENTITY_CONFIG } from "../identity-config.ts";

const REGISTER = "/_api/iam/authentication/v2/register";
const LOGIN = "/_api/iam/authentication/v2/login";
const RESEND = "/_api/iam/verification/v1/auth/resend";
const SEND = "/_api/iam/recovery/v1/send-email";
const VICTIMS = Array.from({ length: 10 }, (_, i) => `victim-${i}@example.com`);
const { mailMaxPerRecipient, mailMaxPerAddress } = DEFAULT_IDENTITY_CONFIG;

let k: MemberKit;
beforeEach(async () => {
  // Generous per-address attempt limits: the attacker has many addresses anyway.
  k = await createMemberKit({
    config: { registerMaxPerAddress: 1000, loginMaxPerAddress: 1000, recoveryMaxPerAddress: 1000 },
  });
});
afterEach(() => k.close());

const settle = () => new Promise((resolve) => setTimeout(resolve, 400));

function from(address: string, url: string, payload: unknown) {
  return k.app.inject({
    method: "POST",
    url,
    remoteAddress: address,
    headers: { host: "store.test", "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
}

/** The attacker signs the victims' addresses up (pending) with a password of their own. */
async function pendingAccounts(): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  for (const [i, email] of VICTIMS.entries()) {
    const answer = await from(`198.51.100.${i + 1}`, REGISTER, {
      loginId: { email },
      password: PASSWORD,
    });
    states.set(email, answer.json().stateToken);
  }
  return states;
}

describe("mail flood", () => {
  test("login, resend and recovery to 10 addresses from 40 client addresses in parallel: each recipient gets at most the cap", async () => {
    const states = await pendingAccounts();
    const calls = [];
    for (let round = 0; round < 6; round++) {
      for (const [i, email] of VICTIMS.entries()) {
        const address = `203.0.113.${(round * VICTIMS.length + i) % 40}`;
        calls.push(from(address, LOGIN, { loginId: { email }, password: PASSWORD }));
        calls.push(from(address, RESEND, { stateToken: states.get(email) }));
        calls.push(from(address, SEND, { email }));
      }
    }
    await Promise.all(calls);
    await settle();
    for (const email of VICTIMS) {
      expect(k.smtp.countTo(email)).toBeLessThanOrEqual(mailMaxPerRecipient);
    }
  }, 60_000);

  test("one client address mailing 10 addresses over and over is capped at its mail limit", async () => {
    await pendingAccounts();
    const answers = [];
    for (let minute = 0; minute < 6; minute++) {
      answers.push(
        ...(await Promise.all(VICTIMS.map((email) => from("192.0.2.9", SEND, { email })))),
      );
      k.clock.ms += 61_000;
    }
    await settle();
    const mailed = VICTIMS.reduce((sum, email) => sum + k.smtp.countTo(email), 0);
    // Each victim had the sign-up code; recovery mails from the one address add at most its cap.
    expect(mailed - VICTIMS.length).toBeLessThanOrEqual(mailMaxPerAddress);
    expect(answers.some((answer) => codeOf(answer) === "IDENTITY_THROTTLED")).toBe(true);
  }, 30_000);

  test("resend within the cool-down is refused with a Retry-After, and allowed after it", async () => {
    const [email = ""] = VICTIMS;
    const registered = await from("198.51.100.1", REGISTER, {
      loginId: { email },
      password: PASSWORD,
    });
    const stateToken = registered.json().stateToken;
    const early = await from("198.51.100.1", RESEND, { stateToken });
    expect(early.statusCode).toBe(429);
    expect(codeOf(early)).toBe("IDENTITY_RESEND_TOO_SOON");
    expect(Number(early.headers["retry-after"])).toBeGreaterThan(0);
    k.clock.ms += 61_000;
    expect((await from("198.51.100.2", RESEND, { stateToken })).statusCode).toBe(200);
    await settle();
    expect(k.smtp.countTo(email)).toBe(2);
  });

  test("a pending account's right password does not reset the per-e-mail login limit nor mail a code each time", async () => {
    const [email = ""] = VICTIMS;
    await from("198.51.100.1", REGISTER, { loginId: { email }, password: PASSWORD });
    const answers = [];
    for (let i = 0; i < DEFAULT_IDENTITY_CONFIG.loginMaxPerEmail + 2; i++) {
      answers.push(await from(`203.0.113.${i}`, LOGIN, { loginId: { email }, password: PASSWORD }));
    }
    await settle();
    expect(codeOf(answers.at(-1) ?? answers[0]!)).toBe("IDENTITY_THROTTLED");
    expect(k.smtp.countTo(email)).toBe(1);
  }, 30_000);
});
