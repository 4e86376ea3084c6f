/**
 * @module After the password (or a code) is right: what the member must still do, in order:
 * confirm the e-mail, wait for the owner's approval, give the second factor; else SUCCESS.
 */

import { hashToken } from "../platform/secrets/secrets.ts";
import { MAX_CODE_ATTEMPTS, TTL } from "./identity-config.ts";
import {
  codeDigest,
  deliver,
  type IdentityContext,
  issueToken,
  newNumericCode,
} from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { admitMail } from "./mail-gate.ts";
import type { IdentityRow } from "./storage/identity-store.ts";

export const EMAIL_CODE_LABEL = "email-code";

/** Mails a fresh verification code for the step `stateToken` names (stored as a digest). */
export async function mailVerificationCode(
  ctx: IdentityContext,
  identity: IdentityRow,
  stateToken: string,
  sent: number,
): Promise<void> {
  const code = newNumericCode();
  ctx.store.setPayload(hashToken(stateToken), {
    purpose: "email",
    code: codeDigest(ctx, EMAIL_CODE_LABEL, code),
    sent,
  });
  await deliver(ctx, {
    to: identity.email,
    subject: `Your verification code: ${code}`,
    text:
      `Your verification code is ${code}\n\n` +
      `Enter it where you signed up. It is valid for ${TTL.state / 60_000} minutes and can be ` +
      `tried at most ${MAX_CODE_ATTEMPTS} times.\nIf you did not ask for it, ignore this message.\n`,
  });
}

/**
 * Starts an e-mail verification step: a state token, and a code by mail when the mail limits
 * let one go (else the member asks for one with resend once the cool-down is over).
 */
export async function startEmailVerification(
  ctx: IdentityContext,
  identity: IdentityRow,
  address?: string,
): Promise<string> {
  const stateToken = issueToken(ctx, "state", identity.id, TTL.state, { purpose: "email" });
  if (admitMail(ctx, { kind: "code", to: identity.email }, address) === null) {
    await mailVerificationCode(ctx, identity, stateToken, 1);
  } else ctx.store.setPayload(hashToken(stateToken), { purpose: "email", sent: 0 });
  return stateToken;
}

/** True when `deviceToken` is a remembered device of this identity. */
function rememberedDevice(ctx: IdentityContext, identity: IdentityRow, deviceToken?: string) {
  if (deviceToken === undefined) return false;
  const row = ctx.store.peekToken(hashToken(deviceToken), "device", ctx.now());
  return row !== null && row.identityId === identity.id;
}

export type NextStepOptions = {
  deviceToken?: string;
  secondFactorDone?: boolean;
  /** The client's address, counted against the mail limits when a code is mailed. */
  address?: string;
};

/** The outcome for an identity whose credentials were just proven. */
export async function nextStep(
  ctx: IdentityContext,
  identity: IdentityRow,
  options: NextStepOptions = {},
): Promise<AuthOutcome> {
  if (identity.status === "PENDING") {
    if (identity.reasons.includes("PENDING_EMAIL_VERIFICATION_REQUIRED")) {
      return {
        state: "REQUIRE_EMAIL_VERIFICATION",
        identity,
        stateToken: await startEmailVerification(ctx, identity, options.address),
      };
    }
    return { state: "REQUIRE_OWNER_APPROVAL", identity };
  }
  if (
    identity.totpSecret !== null &&
    options.secondFactorDone !== true &&
    !rememberedDevice(ctx, identity, options.deviceToken)
  ) {
    const stateToken = issueToken(ctx, "state", identity.id, TTL.state, { purpose: "mfa" });
    return { state: "REQUIRE_MFA", identity, stateToken };
  }
  return {
    state: "SUCCESS",
    identity,
    sessionToken: issueToken(ctx, "session", identity.id, TTL.session),
  };
}
