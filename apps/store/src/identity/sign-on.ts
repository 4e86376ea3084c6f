/**
 * @module The owner's server signs a member on (`POST /v2/sign-on`, API key), and members
 * change their password (`POST /v2/change-password`, member token).
 */
import { randomUUID } from "node:crypto";
import { ApiError, validationError, violation } from "../platform/errors.ts";
import { hashToken as hashOf } from "../platform/secrets/secrets.ts";
import { TTL } from "./identity-config.ts";
import {
  type IdentityContext,
  issueToken,
  liveIdentity,
  normaliseEmail,
} from "./identity-context.ts";
import { hashPassword, memberPasswordProblem } from "./passwords.ts";
import { readProfile } from "./profile.ts";
import type { IdentityRow } from "./storage/identity-store.ts";
import { confirmEmail } from "./verification.ts";

/**
 * Finds or creates the member with this e-mail (without a password) and issues a session
 * token for the authorized_client grant. `verifyEmail` marks the address verified.
 * @throws ApiError VALIDATION_FAILED, IDENTITY_NOT_ACTIVE (blocked or awaiting approval).
 */
export function signOn(
  ctx: IdentityContext,
  input: { email: unknown; profile: unknown; verifyEmail: unknown; mergeExistingContact: unknown },
): { sessionToken: string; identity: IdentityRow } {
  const email = normaliseEmail(input.email);
  const profile = readProfile(input.profile);
  if (email === null || "violations" in profile) {
    throw validationError([
      ...(email === null
        ? [
            violation("loginId.email", "must be a valid e-mail address", "FORMAT", {
              type: "EMAIL",
            }),
          ]
        : []),
      ...("violations" in profile ? profile.violations : []),
    ]);
  }
  const now = ctx.now();
  let identity = ctx.store.byEmail(email);
  if (identity === null) {
    ctx.store.insert({
      id: randomUUID(),
      email,
      emailVerified: false,
      passwordHash: null,
      status: "ACTIVE",
      reasons: [],
      profile: profile.profile,
      now,
    });
    identity = ctx.store.byEmail(email);
  } else if (input.mergeExistingContact === true) {
    ctx.store.setProfile(identity.id, { ...identity.profile, ...profile.profile }, now);
  }
  if (identity === null || identity.role !== "member") {
    throw new ApiError("IDENTITY_NOT_ACTIVE", [email]);
  }
  if (input.verifyEmail === true) identity = confirmEmail(ctx, identity);
  if (identity.status !== "ACTIVE") throw new ApiError("IDENTITY_NOT_ACTIVE", [identity.id]);
  return { sessionToken: issueToken(ctx, "session", identity.id, TTL.session), identity };
}

/**
 * A member's new password, from a session that proved the password in the last 10 minutes.
 * Every other session of the member ends (this one and the page sign-in it came from stay);
 * recovery links and remembered devices stop working.
 * @throws ApiError IDENTITY_REAUTHENTICATION_REQUIRED, VALIDATION_FAILED, IDENTITY_NOT_FOUND.
 */
export async function changePassword(
  ctx: IdentityContext,
  member: { id: string; sid?: string | undefined },
  newPassword: unknown,
): Promise<void> {
  const identityId = member.id;
  ctx.sessions.requireRecentSignIn(member.sid);
  const problem = memberPasswordProblem(newPassword, ctx.config.passwordMinLength);
  if (problem !== null) {
    throw validationError([violation("newPassword", problem, "FORMAT", { type: "PASSWORD" })]);
  }
  if (liveIdentity(ctx, identityId) === null)
    throw new ApiError("IDENTITY_NOT_FOUND", [identityId]);
  await ctx.passwordScreen.check(newPassword as string);
  ctx.store.setPassword(identityId, await hashPassword(newPassword as string), ctx.now());
  ctx.sessions.endAllOf(identityId, "password_changed", member.sid);
  ctx.store.dropTokensOf(identityId, "recovery");
  ctx.store.dropTokensOf(identityId, "device");
}

/**
 * Uses a session token up (from login, register, verification or sign-on).
 * @returns the member, with the time the password (or code) was proven: when the session token
 *   was issued, right after the proof (every session token lives TTL.session); or null when the
 *   token is unknown, used, expired, for another member, or the member is not active or is staff.
 */
export function takeSignIn(
  ctx: IdentityContext,
  sessionToken: unknown,
  memberId?: string,
): { identity: IdentityRow; authAt: number } | null {
  if (typeof sessionToken !== "string" || sessionToken === "" || sessionToken.length > 512) {
    return null;
  }
  const row = ctx.store.peekToken(
    // peek first: a token for another member is not used up by a wrong guess of the member id
    hashOf(sessionToken),
    "session",
    ctx.now(),
  );
  if (row === null || (memberId !== undefined && row.identityId !== memberId)) return null;
  if (ctx.store.takeToken(hashOf(sessionToken), "session", ctx.now()) === null) return null;
  const identity = liveIdentity(ctx, row.identityId);
  // Staff sign in to the editor only: no session token of theirs becomes member tokens.
  if (identity?.status !== "ACTIVE" || identity.role !== "member") return null;
  return { identity, authAt: Math.min(ctx.now(), row.expiresAt - TTL.session) };
}
