/** Members with two-step verification for the second-factor tests, and the API calls of its step. */
import type { LightMyRequestResponse } from "fastify";
import { TOTP } from "otpauth";
import { expect } from "vitest";
import { createIdentityContext } from "../../identity/identity-service.ts";
import { confirmTotpEnrolment, startTotpEnrolment } from "../../identity/totp.ts";
import { type MemberKit, PASSWORD } from "./identity-kit.ts";
import { createMemberBrowser, type MemberBrowser } from "./member-browser.ts";
import { TEST_KEY } from "./test-app.ts";

export const LOGIN = "/_api/iam/authentication/v2/login";
export const TOTP_VERIFY = "/_api/iam/authentication/v2/totp/verify";
export const RECOVERY_VERIFY = "/_api/iam/authentication/v2/recovery-code/verify";

/** The identity service on the kit's database, sealing with `key` (the app's own by default). */
export function identityContext(k: MemberKit, key: Uint8Array = TEST_KEY) {
  return createIdentityContext(k.db, { key, now: () => k.clock.ms, log: k.app.log });
}

/**
 * Signs up `email` and turns TOTP on through the store's enrolment, sealed with `key`; then
 * moves the clock to the next time step so the enrolment's code is spent.
 */
export async function memberWithTotp(k: MemberKit, email: string, key: Uint8Array = TEST_KEY) {
  return turnTotpOn(k, await k.signUp(email), email, key);
}

/** Turns TOTP on for an existing member, as `memberWithTotp` does. */
export async function turnTotpOn(
  k: MemberKit,
  id: string,
  email: string,
  key: Uint8Array = TEST_KEY,
) {
  const ctx = identityContext(k, key);
  const enrolment = await startTotpEnrolment(ctx, { id, email });
  const totp = new TOTP({ secret: enrolment.manualKey });
  const recovery = confirmTotpEnrolment(
    ctx,
    id,
    enrolment.enrolmentToken,
    totp.generate({ timestamp: k.clock.ms }),
  );
  expect(recovery).not.toBeNull();
  k.clock.ms += 30_000;
  return { id, totp, recovery: recovery ?? [] };
}

/** Signs in with the password from `address`: the second-factor step's state token. */
export async function passwordStep(
  k: MemberKit,
  email: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const login = await k.post(LOGIN, { loginId: { email }, password: PASSWORD }, headers);
  expect(login.json().state).toBe("REQUIRE_MFA");
  return login.json().stateToken as string;
}

/** Sends a TOTP code for the step (the code as given: any JSON value). */
export function sendTotp(k: MemberKit, stateToken: string, code: unknown, extra: object = {}) {
  return k.post(TOTP_VERIFY, { stateToken, totpData: { code }, ...extra });
}

/**
 * Signs in with the password and the app's current code, asking the store to remember this
 * device: the device cookie (`member_device=…`) that later skips the second factor.
 */
export async function rememberDevice(k: MemberKit, email: string, totp: TOTP): Promise<string> {
  const code = totp.generate({ timestamp: k.clock.ms });
  const verified = await sendTotp(k, await passwordStep(k, email), code, {
    rememberThisDevice: true,
  });
  expect(verified.json().state).toBe("SUCCESS");
  const device = String([verified.headers["set-cookie"]].flat()[0]).split(";")[0] ?? "";
  expect(device).toMatch(/^member_device=./);
  return device;
}

/** Sends a recovery code for the step (the code as given: any JSON value). */
export function sendRecoveryCode(k: MemberKit, stateToken: string, code: unknown) {
  return k.post(RECOVERY_VERIFY, { stateToken, recoveryCodeData: { code } });
}

/** The description of an identity error answer. */
export function descriptionOf(response: LightMyRequestResponse): string | undefined {
  return (response.json() as { details?: { applicationError?: { description?: string } } }).details
    ?.applicationError?.description;
}

/** Whether the member's account has TOTP on, as stored. */
export function totpOn(k: MemberKit, email: string): boolean {
  const row = k.db.prepare("SELECT totp_secret FROM identities WHERE email = ?").get(email) as {
    totp_secret: string | null;
  };
  return row.totp_secret !== null;
}

/**
 * Signs `browser` in on the pages and turns TOTP on there, staying signed in (a recent sign-in,
 * as turning it off needs); the clock then moves to the next time step.
 */
export async function enrolOnPages(k: MemberKit, browser: MemberBrowser, email: string) {
  const { totp, csrf, confirmed } = await browser.turnOnTotp(email);
  expect(confirmed.body).toContain("Two-step verification is on");
  k.clock.ms += 30_000;
  return { totp, csrf };
}

/** Signs the (signed-up) member in on the pages and turns TOTP on: the app and the recovery codes. */
export function enrolTotp(
  k: MemberKit,
  email: string,
): Promise<{ totp: TOTP; recovery: string[] }> {
  return createMemberBrowser(k).enrolTotp(email);
}
