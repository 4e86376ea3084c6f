/**
 * @module The owner's one address for every notice (a client's upload, a sign-up waiting for
 * approval, a contact message, a password reset): the owner identity's e-mail, asked for at
 * setup and changed under Account. Null until the owner gives one (the identity is created
 * as "owner", which is no address), so no mail goes to a name that is not a mailbox.
 */
import { type IdentityContext, normaliseEmail } from "./identity-context.ts";

export function ownerNoticeAddress(ctx: Pick<IdentityContext, "store">): string | null {
  const owner = ctx.store.withRole("owner")[0];
  return owner === undefined ? null : normaliseEmail(owner.email);
}
