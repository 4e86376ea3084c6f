/**
 * Someone who knows a member's password guesses their app codes. The store stops the sign-in and
 * tells the member. These tests try to keep that alert from arriving by first causing the other
 * mails anyone may cause to that address (recovery links, codes): they share the recipient's
 * window, and an alert they used up would be a lockout the member never hears of.
 */
import { afterEach, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import { memberWithTotp, passwordStep, sendTotp } from "../../main/test-kit/totp-member.ts";

const ADA = "ada@example.com";
const SEND_RECOVERY = "/_api/iam/recovery/v1/send-email";

let k: MemberKit | undefined;
afterEach(() => k?.close());

const wrongCode = (right: string, i: number) =>
  String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, "0");

/** Guesses codes from fresh password steps until the account's cap answers 429. */
async function tripTheCap(kit: MemberKit, right: string) {
  let guesses = 0;
  for (let round = 0; round < 4; round++) {
    const stateToken = await passwordStep(kit, ADA);
    for (let i = 0; i < 5; i++) {
      const answer = await sendTotp(kit, stateToken, wrongCode(right, guesses++));
      if (answer.statusCode === 429) return answer;
    }
  }
  throw new Error("the account's cap never answered");
}

test("recovery links asked for the member first do not use up the lockout alert", async () => {
  // A recipient's window of two mails: the sign-up's code and one recovery link fill it.
  k = await createMemberKit({ config: { mailMaxPerRecipient: 2 } });
  const { totp } = await memberWithTotp(k, ADA);
  const before = k.smtp.countTo(ADA);
  expect((await k.post(SEND_RECOVERY, { email: ADA })).statusCode).toBe(200);
  await k.smtp.nextMail(ADA, before);
  const filled = before + 1;
  // The window is full now: a second link, past the link's cool-down, is not sent.
  k.clock.ms += 61_000;
  await k.post(SEND_RECOVERY, { email: ADA });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(k.smtp.countTo(ADA)).toBe(filled);

  const throttled = await tripTheCap(k, totp.generate({ timestamp: k.clock.ms }));
  expect(codeOf(throttled)).toBe("IDENTITY_THROTTLED");
  const alert = await k.smtp.waitFor(ADA, /too many wrong two-step verification codes/, {
    timeoutMs: 4_000,
  });
  expect(alert.subject).toBe("Too many wrong sign-in codes");
}, 20_000);

test("the lockout alert still comes at most once a minute, however often the cap trips", async () => {
  k = await createMemberKit({ config: { mailMaxPerRecipient: 2 } });
  const { totp } = await memberWithTotp(k, ADA);
  const before = k.smtp.countTo(ADA);
  await tripTheCap(k, totp.generate({ timestamp: k.clock.ms }));
  await k.smtp.nextMail(ADA, before);
  for (let i = 0; i < 3; i++) {
    const again = await sendTotp(k, await passwordStep(k, ADA), "000000");
    expect(again.statusCode).toBe(429);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(k.smtp.countTo(ADA)).toBe(before + 1);
});
