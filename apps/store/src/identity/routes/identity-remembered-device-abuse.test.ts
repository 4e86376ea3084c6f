/**
 * "Remember this device" skips the second factor only for the member it was remembered for:
 * a made-up device cookie, or another member's real one, still gets asked for the code.
 */
import type { TOTP } from "otpauth";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../../main/test-kit/identity-kit.ts";
import { enrolTotp, rememberDevice } from "../../main/test-kit/totp-member.ts";

const LOGIN = "/_api/iam/authentication/v2/login";
const ADA = "ada@example.com";
const MALLORY = "mallory@example.com";

let k: MemberKit;
beforeEach(async () => {
  k = await createMemberKit();
  await k.signUp(ADA);
});
afterEach(() => k.close());

const login = (email: string, cookie?: string) =>
  k.post(LOGIN, { loginId: { email }, password: PASSWORD }, cookie === undefined ? {} : { cookie });

/** A new time step (the enrolment's code is spent), then a remembered device. */
async function rememberedDevice(email: string, totp: TOTP): Promise<string> {
  k.clock.ms += 30_000;
  return rememberDevice(k, email, totp);
}

test("a made-up device cookie does not skip the second factor", async () => {
  await enrolTotp(k, ADA);
  const forged = await login(ADA, "member_device=made-up-device-token-0123456789abcdefghijk");
  expect(forged.statusCode).toBe(200);
  expect(forged.json()).toMatchObject({ state: "REQUIRE_MFA", sessionToken: null });
});

test("Mallory's remembered device does not skip Ada's second factor", async () => {
  await enrolTotp(k, ADA);
  await k.signUp(MALLORY);
  const mallorys = await rememberedDevice(MALLORY, (await enrolTotp(k, MALLORY)).totp);
  expect((await login(MALLORY, mallorys)).json().state).toBe("SUCCESS");

  const attempt = await login(ADA, mallorys);
  expect(attempt.json()).toMatchObject({ state: "REQUIRE_MFA", sessionToken: null });
});

test("Ada's own remembered device skips her second factor", async () => {
  const { totp } = await enrolTotp(k, ADA);
  const device = await rememberedDevice(ADA, totp);
  expect((await login(ADA, device)).json().state).toBe("SUCCESS");
});
