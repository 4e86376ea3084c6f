/**
 * @module The second-factor step of a sign-in (`POST /v2/{factorType}/verify`): a TOTP code or
 * a recovery code; "remember this device" skips the step on that browser for TTL.device.
 */

import { hashToken } from "../auth/secrets.ts";
import { ApiError } from "../errors.ts";
import { MAX_CODE_ATTEMPTS, TTL } from "./identity-config.ts";
import {
  type IdentityContext,
  issueToken,
  liveIdentity,
  peekToken,
  takeToken,
  throttle,
} from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { nextStep } from "./next-step.ts";
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
  stateToken: unknown;
  factorType: string;
  code: unknown;
  rememberThisDevice: boolean;
  address: string;
};

/**
 * Checks the second factor of a sign-in.
 * @returns the outcome, and a device token to keep when the member asked to be remembered.
 * @throws ApiError IDENTITY_FACTOR_NOT_ENABLED (any factor but TOTP and recovery codes),
 *   IDENTITY_THROTTLED, IDENTITY_STATE_TOKEN_INVALID, IDENTITY_CODE_INVALID.
 */
export async function verifyFactor(
  ctx: IdentityContext,
  input: FactorInput,
): Promise<{ outcome: AuthOutcome; deviceToken: string | null }> {
  if (input.factorType !== "TOTP" && input.factorType !== "RECOVERY_CODE") {
    throw new ApiError("IDENTITY_FACTOR_NOT_ENABLED", [input.factorType]);
  }
  throttle(ctx.limits.verify, input.address);
  const row = peekToken(ctx, "state", input.stateToken);
  const identity = row === null ? null : liveIdentity(ctx, row.identityId);
  if (row === null || row.payload.purpose !== "mfa" || identity === null) {
    throw new ApiError("IDENTITY_STATE_TOKEN_INVALID");
  }
  const right =
    input.factorType === "TOTP"
      ? checkTotpCode(ctx, identity, input.code)
      : useRecoveryCode(ctx, identity.id, input.code);
  if (!right) {
    const hash = hashToken(input.stateToken as string);
    if (ctx.store.countAttempt(hash, "state") >= MAX_CODE_ATTEMPTS) ctx.store.dropToken(hash);
    throw new ApiError("IDENTITY_CODE_INVALID");
  }
  if (takeToken(ctx, "state", input.stateToken) === null) {
    throw new ApiError("IDENTITY_STATE_TOKEN_INVALID");
  }
  const deviceToken = input.rememberThisDevice
    ? issueToken(ctx, "device", identity.id, TTL.device)
    : null;
  return { outcome: await nextStep(ctx, identity, { secondFactorDone: true }), deviceToken };
}
