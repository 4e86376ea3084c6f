/**
 * @module Password recovery (`/_api/iam/recovery/v1/...`): a mailed single-use link, the new
 * password, and the owner's activation e-mail. Sending answers the same whether or not the
 * address is a member, and does not wait for the mail.
 */
import { ApiError, validationError, violation } from "../platform/errors.ts";
import { TTL } from "./identity-config.ts";
import {
  deliver,
  type IdentityContext,
  issueToken,
  liveIdentity,
  normaliseEmail,
  takeTokenIf,
  throttle,
} from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { admitMail, refusalError } from "./mail-gate.ts";
import { nextStep } from "./next-step.ts";
import { hashPassword, memberPasswordProblem } from "./passwords.ts";
import { confirmEmail } from "./verification.ts";

/** The page of the recovery link. */
export const RESET_PAGE_PATH = "/members/reset-password";

function recoveryLink(origin: string, token: string): string {
  return `${origin}${RESET_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

async function mailRecoveryLink(
  ctx: IdentityContext,
  identity: { id: string; email: string },
  origin: string,
  redirectUrl: string | null,
  activation: boolean,
): Promise<void> {
  const token = issueToken(ctx, "recovery", identity.id, TTL.recovery, { redirectUrl });
  const link = recoveryLink(origin, token);
  const minutes = TTL.recovery / 60_000;
  await deliver(ctx, {
    to: identity.email,
    subject: activation ? "Activate your account" : "Reset your password",
    text:
      `${activation ? "Choose a password to activate your account" : "Choose a new password"}: ` +
      `${link}\n\nThe link works once, for ${minutes} minutes. ` +
      `If you did not ask for it, ignore this message.\n`,
  });
}

/**
 * Mails a recovery link when `email` belongs to a member. `origin` is the store's public
 * origin; `redirectUrl` (already checked) is where the reset page sends the member after.
 * @throws ApiError VALIDATION_FAILED for a malformed address, IDENTITY_THROTTLED per address
 *   (attempts, and mails it caused).
 */
export function sendRecoveryEmail(
  ctx: IdentityContext,
  input: { email: unknown; address: string; origin: string; redirectUrl: string | null },
): void {
  const email = normaliseEmail(input.email);
  if (email === null) {
    throw validationError([
      violation("email", "must be a valid e-mail address", "FORMAT", { type: "EMAIL" }),
    ]);
  }
  throttle(ctx.limits.recoveryPerAddress, input.address);
  // Over the per-address-of-mail limit the answer stays the same; only the mail is skipped.
  if (ctx.limits.recoveryPerEmail.take(email) > 0) return;
  // Counted for members and strangers alike, so the answer tells neither apart.
  const refused = admitMail(ctx, { kind: "link", to: email }, input.address);
  if (refused?.limit === "address") throw refusalError(refused);
  if (refused !== null) return;
  const identity = ctx.store.byEmail(email);
  // The owner and collaborators reset through the editor (staff-recovery.ts).
  if (identity === null || identity.status === "BLOCKED" || identity.role !== "member") return;
  void mailRecoveryLink(ctx, identity, input.origin, input.redirectUrl, false);
}

/**
 * Mails an activation link (choose a password) to an identity, for the owner.
 * @throws ApiError IDENTITY_NOT_FOUND, IDENTITY_RESEND_TOO_SOON, IDENTITY_THROTTLED (recipient).
 */
export async function sendActivationEmail(
  ctx: IdentityContext,
  input: { identityId: unknown; origin: string },
): Promise<void> {
  const identity =
    typeof input.identityId === "string" ? liveIdentity(ctx, input.identityId) : null;
  if (identity === null) throw new ApiError("IDENTITY_NOT_FOUND", [String(input.identityId ?? "")]);
  const refused = admitMail(ctx, { kind: "link", to: identity.email }, undefined);
  if (refused !== null) throw refusalError(refused);
  await mailRecoveryLink(ctx, identity, input.origin, null, true);
}

/**
 * Sets a new password with a recovery token (which proves the e-mail too), ends every session
 * of the member (their tokens stop working), and continues as a sign-in.
 * @throws ApiError VALIDATION_FAILED (password), IDENTITY_RECOVERY_TOKEN_INVALID.
 */
export async function recover(
  ctx: IdentityContext,
  input: { recoveryToken: unknown; password: unknown },
): Promise<{ outcome: AuthOutcome; redirectUrl: string | null }> {
  const problem = memberPasswordProblem(input.password, ctx.config.passwordMinLength);
  if (problem !== null) {
    throw validationError([violation("password", problem, "FORMAT", { type: "PASSWORD" })]);
  }
  // Before the token is used up: a refused password leaves the link working.
  await ctx.passwordScreen.check(input.password as string);
  const row = takeTokenIf(
    ctx,
    "recovery",
    input.recoveryToken,
    (token) => liveIdentity(ctx, token.identityId)?.role === "member",
  );
  const identity = row === null ? null : liveIdentity(ctx, row.identityId);
  if (row === null || identity === null) throw new ApiError("IDENTITY_RECOVERY_TOKEN_INVALID");
  const passwordHash = await hashPassword(input.password as string);
  ctx.store.setPassword(identity.id, passwordHash, ctx.now());
  ctx.sessions.endAllOf(identity.id, "password_reset");
  for (const kind of ["recovery", "browser", "device", "session"] as const) {
    ctx.store.dropTokensOf(identity.id, kind);
  }
  const outcome = await nextStep(ctx, confirmEmail(ctx, identity));
  const redirectUrl = typeof row.payload.redirectUrl === "string" ? row.payload.redirectUrl : null;
  return { outcome, redirectUrl };
}
