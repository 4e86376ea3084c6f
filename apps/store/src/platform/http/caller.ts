/**
 * @module Who is calling, resolved in one place for every data-items and GraphQL request: the
 * API key (admin), a visitor access token (visitor) or the owner's editor session (admin).
 * Extend `resolveCaller` for new kinds of callers (members, for instance).
 */
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import { SITE_OWNER_ID } from "../site-owner.ts";
import { SESSION_COOKIE } from "./cookies.ts";

export type CallerRole = "admin" | "member" | "visitor";
/**
 * `id` becomes `_ownerId` of the items the caller creates; `sid`: a member's session. `editor`:
 * a collaborator's editor session, an admin for content only (not the site's settings, not
 * collections).
 */
export type Caller = { role: CallerRole; id: string; sid?: string; editor?: true };

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the caller hook on the routes that need one. */
    caller: Caller | null;
  }
}

const ONE_RAW_CREDENTIAL = /^[^\s,]+$/;

/**
 * The credentials in `Authorization`: the SDK sends them raw; `Bearer <x>` is accepted too, and
 * the authorized-client form `<token>,<apiKey>` is split into its parts.
 */
export function readCredentials(header: string | undefined): string[] {
  if (header === undefined) return [];
  // What the SDK sends, one raw token, needs no parsing.
  if (ONE_RAW_CREDENTIAL.test(header)) return [header];
  const value = header.trim().replace(/^Bearer\s+/i, "");
  return value
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

/** Whom a visitor's or member's access token names. */
export type TokenSubject = { role: "visitor" | "member"; id: string; sid?: string };

/** The editor's signed-in session as the caller rule reads it (set by the identity wing's hook). */
export type StaffAccess = { csrfValid: boolean; role: "owner" | "editor" };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

/**
 * True when the request comes from the signed-in owner: a live session, plus the CSRF token
 * when the method changes state. Such a request may act as an admin.
 */
export function hasOwnerAccess(request: { method: string; owner: StaffAccess | null }): boolean {
  const owner = request.owner;
  return owner !== null && (isSafeMethod(request.method) || owner.csrfValid);
}

export type CallerDeps = {
  tokens: { verifyAccess(token: string): TokenSubject };
  apiKeys: { matches(credential: string): boolean };
  /**
   * Members: whether the token's session is live (not ended, its member
   * active). Asked on every request, after the token cache: an ended session's tokens stop.
   */
  isLiveMember?: (subject: TokenSubject) => boolean;
};

/** Whether `Authorization` carries the store's API key (alone or as `<token>,<apiKey>`). */
export function holdsApiKey(authorization: string | undefined, deps: CallerDeps): boolean {
  return readCredentials(authorization).some((credential) => deps.apiKeys.matches(credential));
}

/**
 * The one API-key check of the member and token endpoints.
 * @throws ApiError IDENTITY_API_KEY_REQUIRED unless `Authorization` carries the store's API key.
 */
export function requireApiKey(authorization: string | undefined, deps: CallerDeps): void {
  if (!holdsApiKey(authorization, deps)) throw new ApiError("IDENTITY_API_KEY_REQUIRED");
}

/**
 * The caller the `Authorization` header names: an API key (admin), a visitor access token, or
 * a member access token of a live session.
 * @throws ApiError UNAUTHENTICATED without credentials, TOKEN_INVALID or TOKEN_EXPIRED.
 */
export function callerOfCredentials(authorization: string | undefined, deps: CallerDeps): Caller {
  const credentials = readCredentials(authorization);
  const [first] = credentials;
  if (first === undefined) throw new ApiError("UNAUTHENTICATED");
  if (credentials.some((credential) => deps.apiKeys.matches(credential))) {
    return { role: "admin", id: SITE_OWNER_ID };
  }
  const subject = deps.tokens.verifyAccess(first);
  if (subject.role === "member" && !(deps.isLiveMember?.(subject) ?? false)) {
    throw new ApiError("TOKEN_INVALID");
  }
  return subject;
}

/**
 * What caller resolution reads of a request: a Fastify request, or a raw one that no hook has
 * seen (then `owner` is null and the caller is known only without a session cookie).
 */
export type CallerRequest = {
  method: string;
  headers: IncomingHttpHeaders;
  owner: StaffAccess | null;
};

/**
 * Resolves the caller of a request: the one rule for the routes' hook and the visitor fast
 * path alike, so a new kind of caller (or credential rule) added here reaches both.
 * @throws ApiError UNAUTHENTICATED without credentials, TOKEN_INVALID or TOKEN_EXPIRED.
 */
export function resolveCaller(request: CallerRequest, deps: CallerDeps): Caller {
  // Owner editor: the signed-in owner, with the CSRF token on writes, acts as admin.
  if (hasOwnerAccess(request)) {
    return request.owner?.role === "editor"
      ? { role: "admin", id: SITE_OWNER_ID, editor: true }
      : { role: "admin", id: SITE_OWNER_ID };
  }
  return callerOfCredentials(request.headers.authorization, deps);
}

/**
 * The caller of a request before any Fastify hook ran (the visitor fast path), by
 * `resolveCaller`; null when that is not yet known (an owner session cookie, which the
 * `resolveOwner` hook reads) or the credentials are refused (Fastify then answers the error).
 */
export function callerBeforeHooks(request: IncomingMessage, deps: CallerDeps): Caller | null {
  if (request.headers.cookie?.includes(SESSION_COOKIE)) return null;
  try {
    return resolveCaller(
      { method: request.method ?? "", headers: request.headers, owner: null },
      deps,
    );
  } catch {
    return null;
  }
}

/** onRequest hook factory: sets `request.caller` or answers 401. */
export function requireCaller(deps: CallerDeps) {
  // Callback style: an async hook costs a promise and a microtask on every request.
  return function requireCallerHook(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: (error?: Error) => void,
  ): void {
    let failure: Error | undefined;
    try {
      request.caller = resolveCaller(request, deps);
    } catch (error) {
      failure = error as Error;
    }
    done(failure);
  };
}

/** The caller the hook resolved; routes behind `requireCaller` always have one. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.caller === null) throw new ApiError("UNAUTHENTICATED");
  return request.caller;
}
