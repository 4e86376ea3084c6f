/**
 * @module The member's sign-in on the store's own pages: a page session (identity/sessions.ts)
 * behind the `member_session` cookie, whose value is a one-time-style token (hashed at rest)
 * naming the session. Tokens a client gets through these pages start under it and end with it.
 */

import { hashToken, keyedDigest, sameSecret } from "../platform/secrets/secrets.ts";
import { TTL } from "./identity-config.ts";
import { type IdentityContext, issueToken, liveIdentity, peekToken } from "./identity-context.ts";
import type { SessionClient } from "./sessions.ts";
import type { IdentityRow } from "./storage/identity-store.ts";

export type PageMember = { identity: IdentityRow; token: string; sid: string };

/** The active member (never staff) whose live page session the cookie names; null otherwise. */
export function pageMember(ctx: IdentityContext, cookie: string | undefined): PageMember | null {
  const row = peekToken(ctx, "browser", cookie);
  const sid = row?.payload.sid;
  // A cookie from before sessions existed names none: that member signs in again.
  if (row === null || cookie === undefined || typeof sid !== "string") return null;
  const identity = liveIdentity(ctx, row.identityId);
  // Staff sign in to the editor, never on the members' pages (docs/security.md).
  if (identity === null || identity.status !== "ACTIVE" || identity.role !== "member") return null;
  return ctx.sessions.isLive(sid, identity.id) ? { identity, token: cookie, sid } : null;
}

/**
 * The member proved the password (or a code) at `authAt` on this browser: the same page session
 * re-proven when it is already theirs, else a new one.
 * @returns the session, and the cookie value to set (null: keep the cookie).
 */
export function signInOnPage(
  ctx: IdentityContext,
  current: PageMember | null,
  identity: IdentityRow,
  authAt: number,
  client: SessionClient,
): { sid: string; cookie: string | null } {
  if (current !== null && current.identity.id === identity.id) {
    ctx.sessions.reauthenticate(current.sid, authAt);
    return { sid: current.sid, cookie: null };
  }
  const sid = ctx.sessions.start({ identityId: identity.id, channel: "page", authAt, client });
  return { sid, cookie: issueToken(ctx, "browser", identity.id, TTL.browser, { sid }) };
}

/** Signs this browser out: its page session ends, with every token a client got through it. */
export function signOutPage(ctx: IdentityContext, cookie: string | undefined): void {
  const row = peekToken(ctx, "browser", cookie);
  if (row === null || cookie === undefined) return;
  if (typeof row.payload.sid === "string") ctx.sessions.end(row.payload.sid, "sign_out");
  ctx.store.dropToken(hashToken(cookie));
}

/** "Sign out everywhere": every session of this browser's member ends, on every device. */
export function signOutEverywhere(ctx: IdentityContext, member: PageMember): void {
  ctx.sessions.endAllOf(member.identity.id, "sign_out_everywhere");
  ctx.store.dropToken(hashToken(member.token));
}

/** The token the member's own pages post with their forms (logout and account CSRF). */
export function pageCsrf(ctx: IdentityContext, member: PageMember): string {
  return keyedDigest(ctx.key, "member-csrf", member.token);
}

/** True when a form's `csrf` field was written by this member's own page. */
export function isPageCsrf(ctx: IdentityContext, member: PageMember, sent: string): boolean {
  return sameSecret(sent, pageCsrf(ctx, member));
}
