/**
 * @module Signing in with a passkey: alone (a discoverable credential, no e-mail
 * typed, also through the browser's autofill), or as the second step of a sign-in whose account
 * has a second factor. Counted against the members' per-address sign-in limit before the work.
 */

import { ApiError } from "../platform/errors.ts";
import { hashToken } from "../platform/secrets/secrets.ts";
import { type IdentityContext, liveIdentity, peekToken, throttle } from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { nextStep } from "./next-step.ts";
import {
  finishAuthentication,
  type RelyingParty,
  startAuthentication,
} from "./passkey-ceremony.ts";
import type { IdentityRow } from "./storage/identity-store.ts";

/**
 * Options for the browser: to sign in with any passkey of this site, or, with the state token
 * of a second-factor step, with a passkey of that account.
 * @throws ApiError IDENTITY_THROTTLED (options per address), IDENTITY_STATE_TOKEN_INVALID.
 */
export async function passkeyOptions(
  ctx: IdentityContext,
  rp: RelyingParty,
  input: { stateToken: unknown; address: string },
) {
  // Each answer is a stored challenge until it expires: as many as redirect sessions.
  throttle(ctx.limits.redirect, input.address);
  if (input.stateToken === undefined || input.stateToken === null) {
    return startAuthentication(ctx, rp, { purpose: "sign-in" });
  }
  const row = peekToken(ctx, "state", input.stateToken);
  const identity = row === null ? null : liveIdentity(ctx, row.identityId);
  if (row === null || row.payload.purpose !== "mfa" || identity === null) {
    throw new ApiError("IDENTITY_STATE_TOKEN_INVALID");
  }
  return startAuthentication(ctx, rp, {
    purpose: "factor",
    identityId: identity.id,
    stateHash: hashToken(input.stateToken as string),
  });
}

/**
 * Checks a passkey sign-in. The passkey (user verification required) is both factors: the
 * account's second factor is not asked for; e-mail confirmation and approval still are.
 * @throws ApiError IDENTITY_THROTTLED (per address), PASSKEY_CHALLENGE_INVALID,
 *   PASSKEY_NOT_ACCEPTED.
 */
export async function passkeyIdentity(
  ctx: IdentityContext,
  rp: RelyingParty,
  input: { challengeId: unknown; credential: unknown; address: string },
): Promise<IdentityRow> {
  throttle(ctx.limits.loginPerAddress, input.address);
  return finishAuthentication(ctx, rp, input, { purpose: "sign-in" });
}

/**
 * A member's passkey sign-in, as login answers it.
 * @throws ApiError as passkeyIdentity; PASSKEY_NOT_ACCEPTED for the owner's or a collaborator's
 *   passkey (they sign in to the editor).
 */
export async function memberPasskeySignIn(
  ctx: IdentityContext,
  rp: RelyingParty,
  input: { challengeId: unknown; credential: unknown; address: string },
): Promise<AuthOutcome> {
  const identity = await passkeyIdentity(ctx, rp, input);
  if (identity.role !== "member") throw new ApiError("PASSKEY_NOT_ACCEPTED");
  if (identity.status === "ACTIVE") ctx.limits.loginPerEmail.reset(identity.email);
  const outcome = await nextStep(ctx, identity, { secondFactorDone: true, address: input.address });
  recordPasskeySignIn(ctx, identity, input.address, outcome);
  return outcome;
}

/** A passkey sign-in that reached SUCCESS, in the sign-in history. */
export function recordPasskeySignIn(
  ctx: IdentityContext,
  identity: IdentityRow,
  address: string,
  outcome: AuthOutcome,
): void {
  if (outcome.state !== "SUCCESS") return;
  ctx.signIns.record({ identityId: identity.id, method: "passkey", address, outcome: "success" });
}
