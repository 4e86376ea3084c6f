/**
 * @module The mails around the owner's approval: the owner hears that someone waits (at most one
 * such alert a minute, so a flood of sign-ups cannot flood the owner; the editor's Members view
 * counts them all), and the member hears when they are let in. Links name PUBLIC_URL or the
 * site's address from Site settings, never what a request said about itself; without either
 * the mails carry no link.
 */

import { configuredOrigin } from "../platform/http/request-origin.ts";
import { deliver, type IdentityContext } from "./identity-context.ts";
import { admitMail } from "./mail-gate.ts";
import { ownerNoticeAddress } from "./owner-address.ts";
import type { IdentityRow } from "./storage/identity-store.ts";

const APPROVAL = "PENDING_ADMIN_APPROVAL_REQUIRED";

/** True when nothing but the owner's approval keeps the member out. */
export function waitsOnlyForApproval(member: Pick<IdentityRow, "status" | "reasons">): boolean {
  return (
    member.status === "PENDING" && member.reasons.length === 1 && member.reasons[0] === APPROVAL
  );
}

/** True when an approval just let the member in. */
export function wasLetIn(
  before: Pick<IdentityRow, "status" | "reasons">,
  after: Pick<IdentityRow, "status"> | null,
): boolean {
  return (
    before.reasons.includes(APPROVAL) && before.status === "PENDING" && after?.status === "ACTIVE"
  );
}

function link(ctx: IdentityContext, path: string): string {
  const origin = configuredOrigin(ctx);
  return origin === null ? "" : `\n\n${origin}${path}\n`;
}

/** Tells the owner that `member` now waits for their approval (nothing without the owner's address). */
export async function mailOwnerAboutWaitingMember(
  ctx: IdentityContext,
  member: Pick<IdentityRow, "email">,
): Promise<void> {
  const to = ownerNoticeAddress(ctx);
  if (to === null) return;
  if (admitMail(ctx, { kind: "alert", to }, undefined) !== null) return;
  await deliver(ctx, {
    to,
    subject: "A new client waits for your approval",
    text:
      `${member.email} signed up and waits for your approval. Approve or block them in the ` +
      `editor, under Members.${link(ctx, "/admin")}`,
  });
}

/** Tells a member that the owner let them in. */
export async function mailMemberApproved(
  ctx: IdentityContext,
  member: Pick<IdentityRow, "email">,
): Promise<void> {
  if (admitMail(ctx, { kind: "alert", to: member.email }, undefined) !== null) return;
  await deliver(ctx, {
    to: member.email,
    subject: "Your account is approved",
    text: `Your account was approved: you can sign in now.${link(ctx, "/members/sign-in")}`,
  });
}
