/**
 * @module E-mail verification (`/_api/iam/verification/v1/...`): start, verify the mailed code
 * during sign-up or sign-in, resend. Codes are single use, expire, and a step dies after
 * MAX_CODE_ATTEMPTS wrong tries.
 */

import { ApiError } from "../platform/errors.ts";
import { hashToken, sameSecret } from "../platform/secrets/secrets.ts";
import { mailOwnerAboutWaitingMember, waitsOnlyForApproval } from "./approval-mails.ts";
import { MAX_CODE_ATTEMPTS } from "./identity-config.ts";
import {
  codeDigest,
  type IdentityContext,
  liveIdentity,
  peekToken,
  takeToken,
  throttle,
} from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { admitMail, refusalError } from "./mail-gate.ts";
import {
  EMAIL_CODE_LABEL,
  mailVerificationCode,
  nextStep,
  startEmailVerification,
} from "./next-step.ts";
import type { IdentityRow } from "./storage/identity-store.ts";

/** Resends allowed per verification step. */
const MAX_SENDS = 5;

function emailStep(ctx: IdentityContext, stateToken: unknown) {
  const row = peekToken(ctx, "state", stateToken);
  if (row === null || row.payload.purpose !== "email") {
    throw new ApiError("IDENTITY_STATE_TOKEN_INVALID");
  }
  const identity = liveIdentity(ctx, row.identityId);
  if (identity === null) throw new ApiError("IDENTITY_STATE_TOKEN_INVALID");
  return { row, identity, hash: hashToken(stateToken as string) };
}

/** Marks the e-mail verified and drops the pending reason (ACTIVE when it was the only one). */
export function confirmEmail(ctx: IdentityContext, identity: IdentityRow): IdentityRow {
  const reasons = identity.reasons.filter((r) => r !== "PENDING_EMAIL_VERIFICATION_REQUIRED");
  const now = ctx.now();
  ctx.store.markEmailVerified(identity.id, now);
  if (identity.status === "PENDING") {
    ctx.store.setStatus(identity.id, reasons.length > 0 ? "PENDING" : "ACTIVE", reasons, now);
  }
  const confirmed = ctx.store.byId(identity.id) ?? identity;
  if (!waitsOnlyForApproval(identity) && waitsOnlyForApproval(confirmed)) {
    void mailOwnerAboutWaitingMember(ctx, confirmed);
  }
  return confirmed;
}

/**
 * Checks the mailed code of a verification step and continues the sign-in.
 * @throws ApiError IDENTITY_THROTTLED, IDENTITY_STATE_TOKEN_INVALID, IDENTITY_CODE_INVALID.
 */
export async function verifyEmailCode(
  ctx: IdentityContext,
  input: { stateToken: unknown; code: unknown; address: string; deviceToken?: string },
): Promise<AuthOutcome> {
  throttle(ctx.limits.verify, input.address);
  const { row, identity, hash } = emailStep(ctx, input.stateToken);
  const code = typeof input.code === "string" ? input.code.trim().slice(0, 32) : "";
  const expected = typeof row.payload.code === "string" ? row.payload.code : "";
  if (code === "" || !sameSecret(codeDigest(ctx, EMAIL_CODE_LABEL, code), expected)) {
    if (ctx.store.countAttempt(hash, "state") >= MAX_CODE_ATTEMPTS) ctx.store.dropToken(hash);
    throw new ApiError("IDENTITY_CODE_INVALID");
  }
  // Of two right answers sent at once, one wins.
  if (takeToken(ctx, "state", input.stateToken) === null) {
    throw new ApiError("IDENTITY_CODE_INVALID");
  }
  return nextStep(
    ctx,
    confirmEmail(ctx, identity),
    input.deviceToken === undefined ? {} : { deviceToken: input.deviceToken },
  );
}

/**
 * Mails a new code for the step (the old one stops working).
 * @throws ApiError IDENTITY_STATE_TOKEN_INVALID, IDENTITY_THROTTLED after MAX_SENDS or over the
 *   mail limits, IDENTITY_RESEND_TOO_SOON within the recipient's cool-down.
 */
export async function resendCode(
  ctx: IdentityContext,
  input: { stateToken: unknown; address: string },
): Promise<void> {
  const { row, identity } = emailStep(ctx, input.stateToken);
  const sent = typeof row.payload.sent === "number" ? row.payload.sent : 1;
  if (sent >= MAX_SENDS) {
    throw new ApiError("IDENTITY_THROTTLED", [0], { data: { retryAfterSeconds: 0 } });
  }
  const refused = admitMail(ctx, { kind: "code", to: identity.email }, input.address);
  if (refused !== null) throw refusalError(refused);
  await mailVerificationCode(ctx, identity, input.stateToken as string, sent + 1);
}

/**
 * Starts verifying an identity's e-mail (by its member or the API key).
 * @throws ApiError IDENTITY_NOT_FOUND.
 */
export async function startVerification(
  ctx: IdentityContext,
  identityId: unknown,
): Promise<{ stateToken: string }> {
  const identity = typeof identityId === "string" ? liveIdentity(ctx, identityId) : null;
  if (identity === null) throw new ApiError("IDENTITY_NOT_FOUND", [String(identityId ?? "")]);
  return { stateToken: await startEmailVerification(ctx, identity) };
}
