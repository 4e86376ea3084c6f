/**
 * @module Sign-in to the editor (`/admin`) for the owner and collaborators, through the members'
 * code: the same password check after the same work whether or not the account exists, the
 * per-account limit, and the second-factor step (next-step.ts, second-factor.ts). What the
 * members' flow turns into member tokens becomes the editor's cookie session instead.
 */

import { ApiError } from "../platform/errors.ts";
import { resetKnownDevice, takeKnownDevice } from "./device-trust.ts";
import { type IdentityContext, normaliseEmail, takeToken, throttle } from "./identity-context.ts";
import type { AuthOutcome } from "./identity-view.ts";
import { nextStep } from "./next-step.ts";
import type { RelyingParty } from "./passkey-ceremony.ts";
import { passkeyIdentity, recordPasskeySignIn } from "./passkey-sign-in.ts";
import { checkThroughGate } from "./passwords.ts";
import { readFactorType, verifyFactor } from "./second-factor.ts";
import type { IdentityRow } from "./storage/identity-store.ts";

/** A staff identity the editor may sign in. */
export type StaffIdentity = IdentityRow & { role: "owner" | "editor" };

export type StaffOutcome =
  | { state: "SUCCESS"; identity: StaffIdentity }
  | { state: "REQUIRE_MFA"; stateToken: string };

export function isStaff(identity: IdentityRow | null): identity is StaffIdentity {
  return identity !== null && identity.role !== "member" && identity.status === "ACTIVE";
}

/** Without an e-mail, the owner; with one, the collaborator (or owner) who has it. */
function staffNamed(ctx: IdentityContext, email: unknown): IdentityRow | null {
  if (email === undefined || email === null || email === "") {
    return ctx.store.withRole("owner")[0] ?? null;
  }
  const normalised = normaliseEmail(email);
  const identity = normalised === null ? null : ctx.store.byEmail(normalised);
  return identity?.role === "member" ? null : identity;
}

/** The session token a SUCCESS carries is spent here: staff get a cookie session, not tokens. */
function toStaffOutcome(ctx: IdentityContext, outcome: AuthOutcome): StaffOutcome {
  if (outcome.state === "REQUIRE_MFA") {
    return { state: "REQUIRE_MFA", stateToken: outcome.stateToken };
  }
  if (outcome.state === "SUCCESS") takeToken(ctx, "session", outcome.sessionToken);
  if (outcome.state !== "SUCCESS" || !isStaff(outcome.identity)) {
    throw new ApiError("OWNER_WRONG_PASSWORD");
  }
  return { state: "SUCCESS", identity: outcome.identity };
}

/**
 * Checks an editor password. The attempt is counted synchronously, before the password work:
 * against the browser's device cookie when it holds this account's (device-trust.ts), else by
 * `untrustedClient` (the editor's per-address limit) and per account. Then the check waits its
 * turn for the process's capacity (platform/limits/password-check-gate.ts).
 * @throws ApiError IDENTITY_THROTTLED (per account), SIGN_IN_BUSY, OWNER_WRONG_PASSWORD (any
 *   failure, one answer), and whatever `untrustedClient` throws.
 */
export async function staffPasswordSignIn(
  ctx: IdentityContext,
  input: {
    email: unknown;
    password: unknown;
    address: string;
    /** The browser's editor device cookie, if it sent one. */
    knownDevice?: string | undefined;
    /** Counts an attempt of a browser without the account's device cookie, or throws. */
    untrustedClient?: () => void;
  },
): Promise<StaffOutcome> {
  const identity = staffNamed(ctx, input.email);
  const accountKey = identity?.email ?? normaliseEmail(input.email) ?? "owner";
  const trusted = isStaff(identity) && takeKnownDevice(ctx, input.knownDevice, identity.id);
  if (!trusted) {
    input.untrustedClient?.();
    throttle(ctx.limits.loginPerEmail, accountKey);
  }
  const claim = { address: input.address, account: accountKey, trusted };
  const valid = await checkThroughGate(
    ctx.passwordGate,
    claim,
    identity?.passwordHash ?? null,
    input.password,
  );
  if (!isStaff(identity)) throw new ApiError("OWNER_WRONG_PASSWORD");
  const attempt = { identityId: identity.id, method: "password", address: input.address };
  if (!valid) {
    ctx.signIns.record({ ...attempt, outcome: "failure" });
    throw new ApiError("OWNER_WRONG_PASSWORD");
  }
  ctx.limits.loginPerEmail.reset(accountKey);
  if (trusted) resetKnownDevice(ctx, input.knownDevice);
  const outcome = await nextStep(ctx, identity);
  if (outcome.state === "SUCCESS") ctx.signIns.record({ ...attempt, outcome: "success" });
  return toStaffOutcome(ctx, outcome);
}

/**
 * Signs the owner or a collaborator in with a passkey alone (both factors).
 * @throws ApiError IDENTITY_THROTTLED, PASSKEY_CHALLENGE_INVALID, PASSKEY_NOT_ACCEPTED (also a
 *   member's passkey).
 */
export async function staffPasskeySignIn(
  ctx: IdentityContext,
  rp: RelyingParty,
  input: { challengeId: unknown; credential: unknown; address: string },
): Promise<StaffOutcome> {
  const identity = await passkeyIdentity(ctx, rp, input);
  if (!isStaff(identity)) throw new ApiError("PASSKEY_NOT_ACCEPTED");
  ctx.limits.loginPerEmail.reset(identity.email);
  const outcome = await nextStep(ctx, identity, { secondFactorDone: true });
  recordPasskeySignIn(ctx, identity, input.address, outcome);
  return toStaffOutcome(ctx, outcome);
}

/** The second step with a passkey of the account, for the step `stateToken` names. */
export async function staffPasskeyFactor(
  ctx: IdentityContext,
  rp: RelyingParty,
  input: { stateToken: unknown; challengeId: unknown; credential: unknown; address: string },
): Promise<StaffOutcome> {
  const { outcome } = await verifyFactor(ctx, {
    audience: "staff",
    stateToken: input.stateToken,
    factorType: "WEBAUTHN",
    code: undefined,
    rememberThisDevice: false,
    address: input.address,
    webauthn: { rp, challengeId: input.challengeId, credential: input.credential },
  });
  return toStaffOutcome(ctx, outcome);
}

/** A recovery code has a dash or letters; a TOTP code is six digits. */
function factorOf(code: unknown): "TOTP" | "RECOVERY_CODE" {
  const text = typeof code === "string" ? code.replace(/\s+/g, "") : "";
  return /^\d{6}$/.test(text) ? "TOTP" : "RECOVERY_CODE";
}

/**
 * The second step: a TOTP code or a recovery code for the step `stateToken` names.
 * @throws ApiError as verifyFactor (IDENTITY_THROTTLED, IDENTITY_STATE_TOKEN_INVALID,
 *   IDENTITY_CODE_INVALID), OWNER_WRONG_PASSWORD for a member's step.
 */
export async function staffSecondFactor(
  ctx: IdentityContext,
  input: { stateToken: unknown; code: unknown; address: string },
): Promise<StaffOutcome> {
  const factorType = readFactorType(factorOf(input.code)) ?? "TOTP";
  const { outcome } = await verifyFactor(ctx, {
    audience: "staff",
    stateToken: input.stateToken,
    factorType,
    code: input.code,
    rememberThisDevice: false,
    address: input.address,
  });
  return toStaffOutcome(ctx, outcome);
}
