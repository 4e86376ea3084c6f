/**
 * @module The editor's mailed links, through the members' recovery tokens, limits and mailer:
 * the owner's or a collaborator's password reset, and a collaborator's invitation (the same
 * link: choose a password). Links are made from the origin the caller passes, which is
 * PUBLIC_URL or the store's own listening address, never a request's Host.
 */
import { randomUUID } from "node:crypto";
import { ApiError, validationError, violation } from "../platform/errors.ts";
import { TTL } from "./identity-config.ts";
import {
  deliver,
  type IdentityContext,
  issueToken,
  normaliseEmail,
  takeTokenIf,
  throttle,
} from "./identity-context.ts";
import { hashPassword, passwordProblem } from "./password.ts";
import { isStaff } from "./staff-sign-in.ts";
import type { TokenRow } from "./storage/identity-store.ts";

/** The editor's page for reset and invitation links. */
export const STAFF_RESET_PATH = "/admin/reset";
/** An invitation waits longer than a reset link: the collaborator may read it days later. */
export const INVITATION_TTL_MS = 3 * 24 * 3_600_000;

function resetLink(origin: string, token: string, invited: boolean): string {
  return `${origin}${STAFF_RESET_PATH}?token=${encodeURIComponent(token)}${invited ? "&invited=1" : ""}`;
}

function readEmail(value: unknown): string {
  const email = normaliseEmail(value);
  if (email === null) {
    throw validationError([violation("email", "must be a valid e-mail address", "FORMAT")]);
  }
  return email;
}

/**
 * Mails a reset link when `email` is the owner's or a collaborator's. Answers the same either
 * way, and over the per-e-mail limit skips only the mail.
 * @throws ApiError VALIDATION_FAILED for a malformed address, IDENTITY_THROTTLED per address.
 */
export function sendStaffResetEmail(
  ctx: IdentityContext,
  input: { email: unknown; address: string; origin: string },
): void {
  const email = readEmail(input.email);
  throttle(ctx.limits.recoveryPerAddress, input.address);
  if (ctx.limits.recoveryPerEmail.take(email) > 0) return;
  const identity = ctx.store.byEmail(email);
  if (!isStaff(identity)) return;
  const token = issueToken(ctx, "recovery", identity.id, TTL.recovery, { staff: true });
  void deliver(ctx, {
    to: identity.email,
    subject: "Reset your editor password",
    text:
      `Choose a new password for the site's editor: ${resetLink(input.origin, token, false)}\n\n` +
      `The link works once, for ${TTL.recovery / 60_000} minutes. Your sessions end when the ` +
      "password changes. If you did not ask for it, ignore this message.\n",
  });
}

/**
 * Adds a collaborator (role editor, no password yet) and mails the invitation.
 * @throws ApiError VALIDATION_FAILED, OWNER_EMAIL_TAKEN.
 */
export async function inviteCollaborator(
  ctx: IdentityContext,
  input: { email: unknown; origin: string },
): Promise<string> {
  const email = readEmail(input.email);
  const id = randomUUID();
  const inserted = ctx.store.insert({
    id,
    email,
    emailVerified: false,
    passwordHash: null,
    status: "ACTIVE",
    reasons: [],
    profile: {},
    now: ctx.now(),
    role: "editor",
  });
  if (!inserted) throw new ApiError("OWNER_EMAIL_TAKEN");
  const token = issueToken(ctx, "recovery", id, INVITATION_TTL_MS, { staff: true });
  await deliver(ctx, {
    to: email,
    subject: "You are invited to edit the site",
    text:
      `You are invited to edit the site's content. Choose a password: ` +
      `${resetLink(input.origin, token, true)}\n\nThe link works once, for ` +
      `${INVITATION_TTL_MS / 3_600_000} hours. Then sign in at ${input.origin}/admin ` +
      "with this e-mail address.\n",
  });
  return id;
}

/**
 * Sets a new password with a reset or invitation token (proving the e-mail too). The caller
 * ends the identity's editor sessions.
 * @returns the identity's id.
 * @throws ApiError VALIDATION_FAILED (password), OWNER_RESET_LINK_INVALID.
 */
export async function resetStaffPassword(
  ctx: IdentityContext,
  input: { token: unknown; password: unknown },
): Promise<string> {
  const problem = passwordProblem(input.password);
  if (problem !== null) {
    throw validationError([violation("password", problem, "FORMAT")], "invalid password");
  }
  // Before the token is used up: a refused password leaves the link working.
  await ctx.passwordScreen.check(input.password as string);
  const staffOf = (row: TokenRow | null) =>
    row === null || row.identityId === null ? null : ctx.store.byId(row.identityId);
  const row = takeTokenIf(ctx, "recovery", input.token, (token) => isStaff(staffOf(token)));
  const identity = staffOf(row);
  if (!isStaff(identity)) throw new ApiError("OWNER_RESET_LINK_INVALID");
  const now = ctx.now();
  ctx.store.setPassword(identity.id, await hashPassword(input.password as string), now);
  if (!identity.emailVerified && identity.role === "editor") {
    ctx.store.markEmailVerified(identity.id, now);
  }
  for (const kind of ["recovery", "device", "session", "state"] as const) {
    ctx.store.dropTokensOf(identity.id, kind);
  }
  return identity.id;
}
