/**
 * @module A client the owner invited joins: their password passes the members' rules (length,
 * breached and common passwords) and is hashed with the members' KDF; the caller then adds the
 * identity, active and verified (the invitation's link proved the mailbox), with their name.
 */
import { randomUUID } from "node:crypto";
import { validationError, violation } from "../platform/errors.ts";
import type { IdentityContext } from "./identity-context.ts";
import { hashPassword } from "./password.ts";
import { memberPasswordProblem } from "./passwords.ts";
import type { NewIdentity } from "./storage/identity-store.ts";

/**
 * The identity to add for an invited client, once the password is acceptable.
 * @throws ApiError VALIDATION_FAILED (password), PASSWORD_TOO_COMMON / breached (the screen).
 */
export async function invitedMemberIdentity(
  ctx: IdentityContext,
  input: { email: string; name: string; password: unknown },
): Promise<NewIdentity> {
  const problem = memberPasswordProblem(input.password, ctx.config.passwordMinLength);
  if (problem !== null) {
    // The invitation page shows the description; no API answers with this error.
    throw validationError([violation("password", problem)]);
  }
  await ctx.passwordScreen.check(input.password as string);
  return {
    id: randomUUID(),
    email: input.email,
    emailVerified: true,
    passwordHash: await hashPassword(input.password as string),
    status: "ACTIVE",
    reasons: [],
    // An invitation always names the client (invites/invite-service.ts).
    profile: { firstName: input.name },
    now: ctx.now(),
  };
}
