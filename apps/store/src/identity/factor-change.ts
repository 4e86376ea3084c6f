/**
 * @module Who may change a second factor: set one up, replace it, turn it off
 * (docs/security.md, Sessions and tokens). A session that proved the password, a code or a
 * passkey in the last 10 minutes (or proves the password again here), and, while a factor is
 * on, a current code or a recovery code of it: a borrowed session or a stolen cookie alone can
 * neither lock the member out with a key of its own nor weaken the account.
 */
import { ApiError } from "../platform/errors.ts";
import { hashToken } from "../platform/secrets/secrets.ts";
import { type IdentityContext, peekToken, throttle } from "./identity-context.ts";
import { boundedGuess, verifyPassword } from "./passwords.ts";
import { REAUTHENTICATION_WINDOW_MS } from "./sessions.ts";
import type { IdentityRow } from "./storage/identity-store.ts";
import {
  checkTotpCode,
  confirmTotpEnrolment,
  type Enrolment,
  startTotpEnrolment,
  turnTotpOff,
  useRecoveryCode,
} from "./totp.ts";

/** The signed-in identity and the session it acts in. */
export type FactorChanger = { identity: IdentityRow; sid: string };

/** What the form sends to prove it is the account's holder. */
export type FactorChangeProof = {
  /** The current TOTP code or a recovery code, while a factor is on. */
  code?: unknown;
  /** The password, when the session's sign-in is older than the window. */
  password?: unknown;
};

/** True when the session proved the password (or a code, or a passkey) within the window. */
export function isRecentSignIn(ctx: IdentityContext, sid: string): boolean {
  const row = ctx.sessions.read(sid);
  return row !== null && ctx.now() - row.authAt <= REAUTHENTICATION_WINDOW_MS;
}

/**
 * A recent sign-in, or the password proven now (which makes the session recent).
 * @throws ApiError IDENTITY_REAUTHENTICATION_REQUIRED, IDENTITY_PASSWORD_WRONG, SIGN_IN_BUSY,
 *   IDENTITY_THROTTLED.
 */
export async function requireRecentOrPassword(
  ctx: IdentityContext,
  member: FactorChanger,
  password: unknown,
): Promise<void> {
  if (isRecentSignIn(ctx, member.sid)) return;
  if (typeof password !== "string" || password === "") {
    ctx.sessions.requireRecentSignIn(member.sid);
    return;
  }
  throttle(ctx.limits.verify, `reauthenticate:${member.identity.id}`);
  const release = ctx.passwordChecks.tryAcquire();
  if (release === null) throw new ApiError("SIGN_IN_BUSY");
  let valid: boolean;
  try {
    valid = await verifyPassword(member.identity.passwordHash, boundedGuess(password));
  } finally {
    release();
  }
  if (!valid) throw new ApiError("IDENTITY_PASSWORD_WRONG");
  ctx.sessions.reauthenticate(member.sid);
}

/** While a factor is on: its current code or one of its recovery codes (used up). */
function requireCurrentFactor(ctx: IdentityContext, identity: IdentityRow, code: unknown): void {
  if (identity.totpSecret === null) return;
  throttle(ctx.limits.verify, `factor-change:${identity.id}`);
  if (checkTotpCode(ctx, identity, code) || useRecoveryCode(ctx, identity.id, code)) return;
  throw new ApiError("IDENTITY_CODE_INVALID");
}

/**
 * The proof a change of the second factor needs.
 * @throws ApiError IDENTITY_REAUTHENTICATION_REQUIRED (no recent sign-in and no password),
 *   IDENTITY_PASSWORD_WRONG, SIGN_IN_BUSY, IDENTITY_THROTTLED, IDENTITY_CODE_INVALID.
 */
export async function requireFactorChangeProof(
  ctx: IdentityContext,
  member: FactorChanger,
  proof: FactorChangeProof,
): Promise<void> {
  await requireRecentOrPassword(ctx, member, proof.password);
  requireCurrentFactor(ctx, member.identity, proof.code);
}

/** What the factor is now, as an enrolment remembers it (a digest: the key stays sealed). */
const factorState = (identity: IdentityRow) =>
  identity.totpSecret === null ? "off" : hashToken(identity.totpSecret);

/**
 * Starts setting up TOTP (over the current factor too: a new phone), after the proof. The
 * enrolment is bound to this session and to the factor as it was proven.
 * @throws ApiError as requireFactorChangeProof.
 */
export async function startFactorChange(
  ctx: IdentityContext,
  member: FactorChanger,
  proof: FactorChangeProof,
): Promise<Enrolment> {
  await requireFactorChangeProof(ctx, member, proof);
  return startTotpEnrolment(ctx, member.identity, {
    sid: member.sid,
    over: factorState(member.identity),
  });
}

/**
 * Confirms an enrolment with a code of the new key: only in the session that started it, while
 * its sign-in is recent and the factor is still the one proven at the start.
 * @returns the recovery codes, or null when the enrolment or the code is not right.
 * @throws ApiError IDENTITY_REAUTHENTICATION_REQUIRED.
 */
export function confirmFactorChange(
  ctx: IdentityContext,
  member: FactorChanger,
  enrolmentToken: unknown,
  code: unknown,
): string[] | null {
  ctx.sessions.requireRecentSignIn(member.sid);
  const row = peekToken(ctx, "totp_enrolment", enrolmentToken);
  if (row === null || row.payload.sid !== member.sid) return null;
  if (row.payload.over !== factorState(member.identity)) return null;
  return confirmTotpEnrolment(ctx, member.identity.id, enrolmentToken, code);
}

/**
 * Turns TOTP off (with the recovery codes and remembered devices), after the proof.
 * @throws ApiError as requireFactorChangeProof; IDENTITY_CODE_INVALID when no factor is on.
 */
export async function turnFactorOff(
  ctx: IdentityContext,
  member: FactorChanger,
  proof: FactorChangeProof,
): Promise<void> {
  if (member.identity.totpSecret === null) throw new ApiError("IDENTITY_CODE_INVALID");
  await requireFactorChangeProof(ctx, member, proof);
  turnTotpOff(ctx, member.identity.id);
}
