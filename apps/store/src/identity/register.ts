/** @module Registration (`POST /v2/register`): a new identity, then its next step. */

import { randomUUID } from "node:crypto";
import { ApiError, type FieldViolation, validationError, violation } from "../platform/errors.ts";
import { isPlainObject } from "../platform/query/values.ts";
import { mailOwnerAboutWaitingMember, waitsOnlyForApproval } from "./approval-mails.ts";
import { checkCaptcha } from "./captcha.ts";
import {
  type IdentityContext,
  normaliseEmail,
  requiresApproval,
  throttle,
} from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { nextStep } from "./next-step.ts";
import { hashPassword, memberPasswordProblem } from "./passwords.ts";
import { readProfile } from "./profile.ts";
import type { PendingReason } from "./storage/identity-store.ts";

export type RegisterInput = {
  email: unknown;
  password: unknown;
  profile: unknown;
  captchaTokens: unknown;
  /** The client's address, for the registration limit. */
  address: string;
  /** The store's sign-up page (no captcha widget; the limits apply). */
  skipCaptcha?: boolean;
};

/**
 * Registers a member.
 * @throws ApiError VALIDATION_FAILED (each violation's `data.type`: EMAIL, PASSWORD, PROFILE),
 *   CAPTCHA_MISSING/CAPTCHA_INVALID, IDENTITY_THROTTLED, EMAIL_ALREADY_EXISTS (-19995).
 */
export async function register(ctx: IdentityContext, input: RegisterInput): Promise<AuthOutcome> {
  const email = normaliseEmail(input.email);
  const violations: FieldViolation[] = [];
  if (email === null) {
    violations.push(
      violation("loginId.email", "must be a valid e-mail address", "FORMAT", { type: "EMAIL" }),
    );
  }
  const problem = memberPasswordProblem(input.password, ctx.config.passwordMinLength);
  if (problem !== null) {
    violations.push(violation("password", problem, "FORMAT", { type: "PASSWORD" }));
  }
  const profile = readProfile(input.profile);
  if ("violations" in profile) violations.push(...profile.violations);
  if (violations.length > 0 || email === null || "violations" in profile) {
    throw validationError(violations);
  }
  if (input.skipCaptcha !== true) await checkCaptcha(ctx.captcha, input.captchaTokens);
  throttle(ctx.limits.register, input.address);
  if (ctx.store.byEmail(email) !== null) throw new ApiError("EMAIL_ALREADY_EXISTS");

  await ctx.passwordScreen.check(input.password as string);
  const passwordHash = await hashPassword(input.password as string);
  const reasons: PendingReason[] = [];
  if (ctx.config.requireEmailVerification) reasons.push("PENDING_EMAIL_VERIFICATION_REQUIRED");
  if (requiresApproval(ctx)) reasons.push("PENDING_ADMIN_APPROVAL_REQUIRED");
  const id = randomUUID();
  const inserted = ctx.store.insert({
    id,
    email,
    emailVerified: false,
    passwordHash,
    status: reasons.length > 0 ? "PENDING" : "ACTIVE",
    reasons,
    profile: profile.profile,
    now: ctx.now(),
  });
  // Two registrations of one address in parallel: the second finds it taken here.
  if (!inserted) throw new ApiError("EMAIL_ALREADY_EXISTS");
  const identity = ctx.store.byId(id);
  if (identity === null) throw new ApiError("EMAIL_ALREADY_EXISTS");
  if (waitsOnlyForApproval(identity)) void mailOwnerAboutWaitingMember(ctx, identity);
  return nextStep(ctx, identity, { address: input.address });
}

/** The e-mail of a `loginId` object (`{email}`), as sent by the SDK. */
export function loginEmail(loginId: unknown): unknown {
  return isPlainObject(loginId) ? loginId.email : undefined;
}
