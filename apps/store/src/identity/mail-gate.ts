/**
 * @module What a member mail must pass before it is sent, counted in the database
 * (`rate_limits`) before the mail: the client's address (mails it caused in the window), the
 * recipient's cool-down (one mail of each kind a minute) and the recipient's window (a few
 * mails of any kind but security alerts per window).
 * A flood from many addresses still reaches each recipient at most `mailMaxPerRecipient` times,
 * plus one security alert a minute while someone who knows the password guesses codes.
 */
import { ApiError } from "../platform/errors.ts";
import { clientKey } from "../platform/limits/client-key.ts";
import type { IdentityContext } from "./identity-context.ts";

export type MailRefusal = { limit: "address" | "cooldown" | "recipient"; wait: number };

/**
 * Codes (verification), links (recovery, activation), notices (approvals) and security alerts
 * cool down apart. A security alert (too many wrong codes) is outside the recipient's window:
 * links and codes anyone may cause to an address would otherwise use it up and silence the alert
 * a lockout sends; its own cool-down (one a minute) bounds it.
 */
export type MailKind = "code" | "link" | "alert" | "security";

/**
 * Counts one mail of `kind` to `to` caused by `address` (omitted for the owner's and an API
 * key's calls): null when it may be sent, else which limit refused and the seconds to wait.
 */
export function admitMail(
  ctx: IdentityContext,
  mail: { kind: MailKind; to: string },
  address: string | undefined,
): MailRefusal | null {
  const to = mail.to;
  if (address !== undefined) {
    const wait = ctx.limits.mailPerAddress.take(clientKey(address));
    if (wait > 0) return { limit: "address", wait };
  }
  const cooling = ctx.limits.mailCooldown.take(`${mail.kind}:${to}`);
  if (cooling > 0) return { limit: "cooldown", wait: cooling };
  if (mail.kind === "security") return null;
  const wait = ctx.limits.mailPerRecipient.take(to);
  return wait > 0 ? { limit: "recipient", wait } : null;
}

/**
 * Counts one digest to `to`, a mail the store sends on its own schedule (the owner's digest of a
 * client's uploads, files/upload-digest.ts): in the recipient's window only, as its interval is
 * its cool-down. Null when it may be sent, else the seconds to wait.
 */
export function admitDigest(ctx: IdentityContext, to: string): MailRefusal | null {
  const wait = ctx.limits.mailPerRecipient.take(to);
  return wait > 0 ? { limit: "recipient", wait } : null;
}

/**
 * The error for a refused mail the caller asked for by name (resend, activation).
 * @returns ApiError IDENTITY_RESEND_TOO_SOON in the cool-down, else IDENTITY_THROTTLED.
 */
export function refusalError(refusal: MailRefusal): ApiError {
  const data = { data: { retryAfterSeconds: refusal.wait } };
  return refusal.limit === "cooldown"
    ? new ApiError("IDENTITY_RESEND_TOO_SOON", [refusal.wait], data)
    : new ApiError("IDENTITY_THROTTLED", [refusal.wait], data);
}
