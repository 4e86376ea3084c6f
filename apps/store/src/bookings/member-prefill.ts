/**
 * @module Who is booking, when a client is signed in: the member of the request's page session
 * (the `member_session` cookie of the store's member pages) or of its member access token, as
 * the contact fields of a booking form (first and last name from their profile, their address).
 * The booking page fills its form with it; a visitor gets null. The booking made while signed in
 * is kept as the member's (booking-rules.ts `Actor.memberId`).
 */
import type { FastifyRequest } from "fastify";
import { type IdentityContext, pageMember } from "../identity/index.ts";
import { MEMBER_SESSION_COOKIE, readMemberCookie } from "../platform/http/request-origin.ts";

export type SignedInContact = {
  memberId: string;
  firstName: string;
  lastName: string;
  email: string;
};

const textOf = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 200) : "");

/**
 * The signed-in member's contact fields: of the page session, else of `tokenMemberId` (the member
 * an access token names, booking-access.ts `memberOf`); null for anyone else.
 */
export function signedInContact(
  identity: IdentityContext,
  request: FastifyRequest,
  tokenMemberId: string | null = null,
): SignedInContact | null {
  const onPage = pageMember(identity, readMemberCookie(request, MEMBER_SESSION_COOKIE));
  const row =
    onPage?.identity ?? (tokenMemberId === null ? null : identity.store.byId(tokenMemberId));
  if (row === null || row.status !== "ACTIVE" || row.role !== "member") return null;
  return {
    memberId: row.id,
    firstName: textOf(row.profile.firstName),
    lastName: textOf(row.profile.lastName),
    email: row.email,
  };
}
