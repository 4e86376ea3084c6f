/**
 * @module The second-factor step of a sign-in (`POST /v2/{factorType}/verify`): a TOTP code, a
 * passkey (`webauthnData`) or a recovery code; "remember this device" skips the step on that
 * browser for TTL.device.
 */

import { ApiError } from "../platform/errors.ts";
import { hashToken } from "../platform/secrets/secrets.ts";
import { MAX_CODE_ATTEMPTS, TTL } from "./identity-config.ts";
import {
  deliver,
  type IdentityContext,
  issueToken,
  liveIdentity,
  peekToken,
  takeToken,
  throttle,
} from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { admitMail } from "./mail-gate.ts";
import { nextStep } from "./next-step.ts";
import { finishAuthentication, type RelyingParty } from "./passkey-ceremony.ts";
import { checkTotpCode, useRecoveryCode } from "./totp.ts";

const FACTOR_TYPES = new Set([
  "PASSWORD",
  "SMS",
  "CALL",
  "EMAIL",
  "TOTP",
  "PUSH",
  "WEBAUTHN",
  "RECOVERY_CODE",
]);

/** The factor type of a path segment or body value (`totp`, `TOTP`, `recovery-code`). */
export function readFactorType(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value.trim().toUpperCase().replace(/-/g, "_");
  return FACTOR_TYPES.has(name) ? name : null;
}

export type FactorInput = {
  /** Whose step this route finishes: the members' routes never finish a staff step. */
  audience: "member" | "staff";
  stateToken: unknown;
  factorType: string;
  code: unknown;
  rememberThisDevice: boolean;
  address: string;
  /** WEBAUTHN: the challenge of `/v2/webauthn/options` and the browser's assertion. */
  webauthn?: { rp: RelyingParty; challengeId: unknown; credential: unknown };
};

/** Checks the factor's answer; false for a wrong code (a refused passkey throws). */
async function factorIsRight(
  ctx: IdentityContext,
  input: FactorInput,
  identity: { id: string; totpSecret: string | null },
): Promise<boolean> {
  if (input.factorType === "TOTP") return checkTotpCode(ctx, identity, input.code);
  if (input.factorType === "RECOVERY_CODE") return useRecoveryCode(ctx, identity.id, input.code);
  const webauthn = input.webauthn;
  if (webauthn === undefined) return false;
  await finishAuthentication(ctx, webauthn.rp, webauthn, {
    purpose: "factor",
    identityId: identity.id,
    stateHash: hashToken(input.stateToken as string),
  });
  return true;
}

/**
 * Too many wrong codes for the account: every second-factor step of it ends (the member signs in
 * again) and the member hears of it, at most once a minute.
 */
function endSecondFactorSteps(ctx: IdentityContext, identity: { id: string; email: string }) {
  ctx.store.dropTokensOf(identity.id, "state");
  if (admitMail(ctx, { kind: "security", to: identity.email }, undefined) !== null) return;
  void deliver(ctx, {
    to: identity.email,
    subject: "Too many wrong sign-in codes",
    text:
      "Someone who knows your password entered too many wrong two-step verification codes " +
      "for your account. The sign-in was stopped. If it was not you, change your password.\n",
  });
}

/** How each factor is named in the sign-in history. */
const FACTOR_METHODS = {
  TOTP: "totp",
  RECOVERY_CODE: "recovery-code",
  WEBAUTHN: "passkey",
} as const;

/**
 * Checks the second factor of a sign-in.
 * @returns the outcome, and a device token to keep when the member asked to be remembered.
 * @throws ApiError IDENTITY_FACTOR_NOT_ENABLED (any factor but TOTP, WEBAUTHN and recovery codes),
 *   PASSKEY_CHALLENGE_INVALID and PASSKEY_NOT_ACCEPTED (a refused passkey, counted as a wrong code),
 *   IDENTITY_THROTTLED (per address, or per account: then every step of the account ends),
 *   IDENTITY_STATE_TOKEN_INVALID, IDENTITY_CODE_INVALID.
 */
export async function verifyFactor(
  ctx: IdentityContext,
  input: FactorInput,
): Promise<{ outcome: AuthOutcome; deviceToken: string | null }> {
  if (!["TOTP", "RECOVERY_CODE", "WEBAUTHN"].includes(input.factorType)) {
    throw new ApiError("IDENTITY_FACTOR_NOT_ENABLED", [input.factorType]);
  }
  throttle(ctx.limits.verify, input.address);
  const row = peekToken(ctx, "state", input.stateToken);
  const identity = row === null ? null : liveIdentity(ctx, row.identityId);
  if (row === null || row.payload.purpose !== "mfa" || identity === null) {
    throw new ApiError("IDENTITY_STATE_TOKEN_INVALID");
  }
  // A staff step finished on the members' routes would turn into member tokens
  // (docs/security.md): refused as unknown, and not counted against the account.
  if (input.audience === "member" && identity.role !== "member") {
    throw new ApiError("IDENTITY_STATE_TOKEN_INVALID");
  }
  // Counted per account before the check, whichever address the guesses come from.
  const wait = ctx.limits.factorPerAccount.take(identity.id);
  if (wait > 0) {
    endSecondFactorSteps(ctx, identity);
    throw new ApiError("IDENTITY_THROTTLED", [wait], { data: { retryAfterSeconds: wait } });
  }
  const attempt = {
    identityId: identity.id,
    method: FACTOR_METHODS[input.factorType as keyof typeof FACTOR_METHODS],
    address: input.address,
  };
  const countWrong = () => {
    ctx.signIns.record({ ...attempt, outcome: "failure" });
    const hash = hashToken(input.stateToken as string);
    if (ctx.store.countAttempt(hash, "state") >= MAX_CODE_ATTEMPTS) ctx.store.dropToken(hash);
  };
  let right: boolean;
  try {
    right = await factorIsRight(ctx, input, identity);
  } catch (error) {
    countWrong();
    throw error;
  }
  if (!right) {
    countWrong();
    throw new ApiError("IDENTITY_CODE_INVALID");
  }
  if (takeToken(ctx, "state", input.stateToken) === null) {
    throw new ApiError("IDENTITY_STATE_TOKEN_INVALID");
  }
  ctx.limits.factorPerAccount.reset(identity.id);
  const deviceToken = input.rememberThisDevice
    ? issueToken(ctx, "device", identity.id, TTL.device)
    : null;
  const outcome = await nextStep(ctx, identity, { secondFactorDone: true });
  if (outcome.state === "SUCCESS") ctx.signIns.record({ ...attempt, outcome: "success" });
  return { outcome, deviceToken };
}
