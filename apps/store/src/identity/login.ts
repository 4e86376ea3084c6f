/**
 * @module Sign-in with e-mail and password (`POST /v2/login`). One answer (-19976) for an
 * unknown e-mail and a wrong password (a blocked member's too), after the same password work, so
 * neither the message nor the timing tells which addresses are members. A blocked member with
 * the right password is told to contact the owner (MEMBER_BLOCKED).
 */

import { ApiError } from "../platform/errors.ts";
import { checkCaptcha } from "./captcha.ts";
import { type IdentityContext, normaliseEmail, throttle } from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { nextStep } from "./next-step.ts";
import { boundedGuess, verifyPassword } from "./passwords.ts";
import type { IdentityRow } from "./storage/identity-store.ts";

const BUSY_RETRY_AFTER_SECONDS = 1;

export type LoginInput = {
  email: unknown;
  password: unknown;
  captchaTokens: unknown;
  address: string;
  /** The "remember this device" cookie, if the browser sent one. */
  deviceToken?: string;
  /**
   * The store's own sign-in page has no captcha widget: its forms skip the captcha check and
   * rely on the attempt limits (docs/members.md).
   */
  skipCaptcha?: boolean;
};

/**
 * Signs a member in. The process-wide cap on password checks at once comes first (429
 * SIGN_IN_BUSY beyond it, with Retry-After), then both attempt limits (per address and per e-mail) are counted before the
 * password is verified, in one synchronous step, so parallel guesses are all counted.
 * @throws ApiError CAPTCHA_MISSING/CAPTCHA_INVALID, SIGN_IN_BUSY, IDENTITY_THROTTLED, WRONG_EMAIL_OR_PASSWORD
 *   (-19976), MEMBER_BLOCKED, PASSWORD_RESET_REQUIRED (-19973: the identity has no password yet).
 */
export async function login(ctx: IdentityContext, input: LoginInput): Promise<AuthOutcome> {
  if (input.skipCaptcha !== true) await checkCaptcha(ctx.captcha, input.captchaTokens);
  const email = normaliseEmail(input.email);
  // Over the cap nothing is counted: nothing was checked either.
  const release = ctx.passwordChecks.tryAcquire();
  if (release === null) {
    throw new ApiError("SIGN_IN_BUSY", [], {
      data: { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS },
    });
  }
  let valid: boolean;
  let identity: IdentityRow | null;
  try {
    throttle(ctx.limits.loginPerAddress, input.address);
    if (email === null) throw new ApiError("WRONG_EMAIL_OR_PASSWORD");
    throttle(ctx.limits.loginPerEmail, email);
    identity = ctx.store.byEmail(email);
    valid = await verifyPassword(identity?.passwordHash ?? null, boundedGuess(input.password));
  } finally {
    release();
  }
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
  if (current.status === "ACTIVE") ctx.limits.loginPerEmail.reset(email);
  const outcome = await nextStep(ctx, current, {
    address: input.address,
    ...(input.deviceToken === undefined ? {} : { deviceToken: input.deviceToken }),
  });
  if (outcome.state === "SUCCESS") ctx.signIns.record({ ...attempt, outcome: "success" });
  return outcome;
}
