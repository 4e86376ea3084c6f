/**
 * @module Sign-in with e-mail and password (`POST /v2/login`). One answer (-19976) for an
 * unknown e-mail and a wrong password (a blocked member's too), after the same password work, so
 * neither the message nor the timing tells which addresses are members. A blocked member with
 * the right password is told to contact the owner (MEMBER_BLOCKED).
 */

import { ApiError } from "../platform/errors.ts";
import { checkCaptcha } from "./captcha.ts";
import { resetKnownDevice, takeKnownDevice } from "./device-trust.ts";
import { type IdentityContext, normaliseEmail, throttle } from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { nextStep } from "./next-step.ts";
import { checkThroughGate } from "./passwords.ts";

export type LoginInput = {
  email: unknown;
  password: unknown;
  captchaTokens: unknown;
  address: string;
  /** The "remember this device" cookie, if the browser sent one. */
  deviceToken?: string;
  /** The browser's device cookie (device-trust.ts), if it sent one. */
  knownDevice?: string;
  /**
   * The store's own sign-in page has no captcha widget: its forms skip the captcha check and
   * rely on the attempt limits (docs/members.md).
   */
  skipCaptcha?: boolean;
};

/**
 * Signs a member in. The attempt is counted first, before any password work: against the
 * browser's device cookie when it holds this account's (device-trust.ts), else per address and
 * per e-mail (IDENTITY_THROTTLED beyond either). Then the password check waits its turn for the
 * process's capacity (platform/limits/password-check-gate.ts: SIGN_IN_BUSY, with Retry-After,
 * for a caller who has been failing or over its address's or account's share).
 * @throws ApiError CAPTCHA_MISSING/CAPTCHA_INVALID, SIGN_IN_BUSY, IDENTITY_THROTTLED, WRONG_EMAIL_OR_PASSWORD
 *   (-19976), MEMBER_BLOCKED, PASSWORD_RESET_REQUIRED (-19973: the identity has no password yet).
 */
export async function login(ctx: IdentityContext, input: LoginInput): Promise<AuthOutcome> {
  if (input.skipCaptcha !== true) await checkCaptcha(ctx.captcha, input.captchaTokens);
  const email = normaliseEmail(input.email);
  const identity = email === null ? null : ctx.store.byEmail(email);
  const trusted = identity !== null && takeKnownDevice(ctx, input.knownDevice, identity.id);
  if (!trusted) throttle(ctx.limits.loginPerAddress, input.address);
  if (email === null) throw new ApiError("WRONG_EMAIL_OR_PASSWORD");
  if (!trusted) throttle(ctx.limits.loginPerEmail, email);
  const claim = { address: input.address, account: email, trusted };
  const valid = await checkThroughGate(
    ctx.passwordGate,
    claim,
    identity?.passwordHash ?? null,
    input.password,
  );
  // The owner and collaborators sign in to the editor (staff-sign-in.ts), not as members.
  if (identity === null || identity.role !== "member")
    throw new ApiError("WRONG_EMAIL_OR_PASSWORD");
  if (identity.passwordHash === null) {
    throw new ApiError(
      identity.status === "BLOCKED" ? "WRONG_EMAIL_OR_PASSWORD" : "PASSWORD_RESET_REQUIRED",
    );
  }
  const attempt = { identityId: identity.id, method: "password", address: input.address };
  if (!valid) {
    ctx.signIns.record({ ...attempt, outcome: "failure" });
    throw new ApiError("WRONG_EMAIL_OR_PASSWORD");
  }
  const current = ctx.store.byId(identity.id);
  if (current === null) throw new ApiError("WRONG_EMAIL_OR_PASSWORD");
  // Only the right password learns of the block: anyone else gets the answer of a stranger.
  if (current.status === "BLOCKED") throw new ApiError("MEMBER_BLOCKED");
  // A pending account's right password resets nothing: it is what a mail flood would repeat.
  if (current.status === "ACTIVE") {
    ctx.limits.loginPerEmail.reset(email);
    if (trusted) resetKnownDevice(ctx, input.knownDevice);
  }
  const outcome = await nextStep(ctx, current, {
    address: input.address,
    ...(input.deviceToken === undefined ? {} : { deviceToken: input.deviceToken }),
  });
  if (outcome.state === "SUCCESS") ctx.signIns.record({ ...attempt, outcome: "success" });
  return outcome;
}
