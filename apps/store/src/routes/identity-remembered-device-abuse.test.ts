/**
 * "Remember this device" skips the second factor only for the member it was remembered for:
 * a made-up device cookie, or another member's real one, still gets asked for the code.
 */
import type { TOTP } from "otpauth";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createMemberKit, type MemberKit, PASSWORD } from "../test-helpers/identity-kit.ts";
import { enrolTotp } from "../test-helpers/totp-enrolment.ts";

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

/** Signs in with the code and "remember this device": the device cookie the store sets. */
async function rememberedDevice(email: string, totp: TOTP): Promise<string> {
  k.clock.ms += 30_000;
  const step = await login(email);
  expect(step.json().state).toBe("REQUIRE_MFA");
  const verified = await k.post("/_api/iam/authentication/v2/totp/verify", {
    stateToken: step.json().stateToken,
    factorType: "TOTP",
    totpData: { code: totp.generate({ timestamp: k.clock.ms }) },
    rememberThisDevice: true,
  });
  expect(verified.json().state).toBe("SUCCESS");
  const cookie = String(verified.headers["set-cookie"]).split(";")[0] as string;
  expect(cookie).toMatch(/^member_device=./);
  return cookie;
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
