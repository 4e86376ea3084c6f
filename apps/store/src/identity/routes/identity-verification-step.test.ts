/**
 * The e-mail verification step of a sign-in: the mail says the code, how long it lasts and how
 * often it may be tried; a step started while the mail limits hold the code back still gets
 * its code by resend once they allow one, and that code confirms the address.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { MAX_CODE_ATTEMPTS } from "../identity-config.ts";

const REGISTER = "/_api/iam/authentication/v2/register";
const LOGIN = "/_api/iam/authentication/v2/login";
const RESEND = "/_api/iam/verification/v1/auth/resend";
const VERIFY = "/_api/iam/verification/v1/auth/verify";
const ADA = "ada@example.com";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
});
afterEach(() => k.close());

test("the verification mail names the code in its subject and says how long and how often it works", async () => {
  await k.post(REGISTER, { loginId: { email: ADA }, password: PASSWORD });
  const mail = await k.smtp.nextMail(ADA);
  const code = /^Your verification code: (\d{6})$/.exec(mail.subject)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  expect(mail.text.replace(/\r\n/g, "\n").trim()).toBe(
    `Your verification code is ${code}\n\n` +
      "Enter it where you signed up. It is valid for 15 minutes and can be tried at most " +
      `${MAX_CODE_ATTEMPTS} times.\nIf you did not ask for it, ignore this message.`,
  );
});

test("a sign-in step whose code the cool-down held back gets it by resend, and the code confirms", async () => {
  await k.post(REGISTER, { loginId: { email: ADA }, password: PASSWORD });
  await k.smtp.nextMail(ADA);
  // Signing in again at once: the member must still confirm, but the cool-down holds the mail.
  const login = await k.post(LOGIN, { loginId: { email: ADA }, password: PASSWORD });
  expect(login.json().state).toBe("REQUIRE_EMAIL_VERIFICATION");
  const stateToken = login.json().stateToken as string;
  expect(k.smtp.countTo(ADA)).toBe(1);

  k.clock.ms += 61_000;
  const resent = await k.post(RESEND, { stateToken });
  expect(resent.statusCode).toBe(200);
  const code = await k.mailedCode(ADA, 1);
  const verified = await k.post(VERIFY, { code, stateToken });
  expect(verified.json()).toMatchObject({
    state: "SUCCESS",
    identity: { email: { isVerified: true }, status: { name: "ACTIVE" } },
  });
});
