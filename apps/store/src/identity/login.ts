/**
 * @module Sign-in with e-mail and password (`POST /v2/login`). One answer (-19976) for an
 * unknown e-mail, a wrong password and a blocked member, after the same password work, so
 * neither the message nor the timing tells which addresses are members.
 */
import { ApiError } from "../errors.ts";
import { checkCaptcha } from "./captcha.ts";
import { type IdentityContext, normaliseEmail, throttle } from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { nextStep } from "./next-step.ts";
import { boundedGuess, verifyPassword } from "./passwords.ts";

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
 * Signs a member in. Both attempt limits (per address and per e-mail) are counted before the
 * password is verified, in one synchronous step, so parallel guesses are all counted.
 * @throws ApiError CAPTCHA_MISSING/CAPTCHA_INVALID, IDENTITY_THROTTLED, WRONG_EMAIL_OR_PASSWORD
 *   (-19976), PASSWORD_RESET_REQUIRED (-19973: the identity has no password yet).
 */
export async function login(ctx: IdentityContext, input: LoginInput): Promise<AuthOutcome> {
  if (input.skipCaptcha !== true) await checkCaptcha(ctx.captcha, input.captchaTokens);
  const email = normaliseEmail(input.email);
  throttle(ctx.limits.loginPerAddress, input.address);
  if (email === null) throw new ApiError("WRONG_EMAIL_OR_PASSWORD");
  throttle(ctx.limits.loginPerEmail, email);
  const identity = ctx.store.byEmail(email);
  const valid = await verifyPassword(identity?.passwordHash ?? null, boundedGuess(input.password));
  // The owner and collaborators sign in to the editor (staff-sign-in.ts), not as members.
  if (identity === null || identity.status === "BLOCKED" || identity.role !== "member")
    throw new ApiError("WRONG_EMAIL_OR_PASSWORD");
  if (identity.passwordHash === null) throw new ApiError("PASSWORD_RESET_REQUIRED");
  if (!valid) throw new ApiError("WRONG_EMAIL_OR_PASSWORD");
  ctx.limits.loginPerEmail.reset(email);
  const current = ctx.store.byId(identity.id);
  if (current === null) throw new ApiError("WRONG_EMAIL_OR_PASSWORD");
  return nextStep(
    ctx,
    current,
    input.deviceToken === undefined ? {} : { deviceToken: input.deviceToken },
  );
}
