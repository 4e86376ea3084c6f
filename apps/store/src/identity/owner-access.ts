/**
 * @module Who is the owner: a root-level hook resolves the session cookie on every request and
 * checks the CSRF header, so any route (the data-items API included) can ask
 * `hasOwnerAccess(request)` (platform/http/caller.ts) before treating the caller as an admin.
 */
import type { StaffRole } from "@consultant/site-content/wire";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../platform/errors.ts";
import { isSafeMethod } from "../platform/http/caller.ts";
import { readCookie, SESSION_COOKIE } from "../platform/http/cookies.ts";
import { sameSecret } from "../platform/secrets/secrets.ts";
import type { OwnerSession, OwnerSessions } from "./owner-sessions.ts";
import type { IdentityStore } from "./storage/identity-store.ts";

/** The header that carries the session's CSRF token on state-changing requests. */
export const CSRF_HEADER = "x-csrf-token";

export type { StaffRole };

export type OwnerAccess = {
  session: OwnerSession;
  csrfValid: boolean;
  /** The signed-in identity's role, read on every request (a removed collaborator is out at once). */
  role: StaffRole;
  email: string;
};

declare module "fastify" {
  interface FastifyRequest {
    /** The owner's live session when the request carries one; see `hasOwnerAccess`. */
    owner: OwnerAccess | null;
  }
}

/**
 * onRequest hook factory: sets `request.owner` from the session cookie and CSRF header. A
 * session whose record ended, or whose identity is gone, blocked or no longer staff, ends here.
 */
export function resolveOwner(
  sessions: OwnerSessions,
  identities: IdentityStore,
  /** Whether the session record still lives (it ends on sign-out everywhere, a new password). */
  isLive: (sid: string, identityId: string) => boolean,
) {
  return async function resolveOwnerHook(request: FastifyRequest): Promise<void> {
    const id = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (id === null) return;
    const session = sessions.resume(id);
    if (session === null) return;
    const identity = identities.byId(session.identityId);
    if (
      identity === null ||
      identity.status !== "ACTIVE" ||
      identity.role === "member" ||
      !isLive(session.sid, identity.id)
    ) {
      sessions.end(id);
      return;
    }
    const header = request.headers[CSRF_HEADER];
    const csrfValid = typeof header === "string" && sameSecret(header, session.csrfToken);
    request.owner = { session, csrfValid, role: identity.role, email: identity.email };
  };
}

/** The header telling the editor when its session ends without further activity. */
export const SESSION_EXPIRES_HEADER = "x-owner-session-expires";

/**
 * preHandler for what the owner and collaborators both do (content): 401 without a session,
 * 403 for a state change without the CSRF token.
 */
export async function requireOwner(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const owner = request.owner;
  if (owner === null) throw new ApiError("OWNER_SIGN_IN_REQUIRED");
  if (!isSafeMethod(request.method) && !owner.csrfValid) {
    throw new ApiError("OWNER_CSRF_INVALID");
  }
  reply.header(SESSION_EXPIRES_HEADER, new Date(owner.session.expiresAt).toISOString());
}

/**
 * preHandler for what only the owner does (members, settings, collaborators): as
 * `requireOwner`, then 403 OWNER_ROLE_REQUIRED for a collaborator.
 */
export async function requireOwnerRole(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  await requireOwner(request, reply);
  if (request.owner?.role !== "owner") throw new ApiError("OWNER_ROLE_REQUIRED");
}
