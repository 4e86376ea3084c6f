/** @module The store's origin as a request sees it, and the member cookies. */
import type { FastifyRequest } from "fastify";
import { isHttpsRequest, readCookie } from "../auth/cookies.ts";
import type { IdentityContext } from "./identity-context.ts";

export const MEMBER_SESSION_COOKIE = "member_session";
export const MEMBER_DEVICE_COOKIE = "member_device";

/** The origin the browser used for this request (honours TRUST_PROXY's forwarded protocol). */
export function requestOrigin(request: FastifyRequest): string {
  const protocol = isHttpsRequest(request) ? "https" : "http";
  return `${protocol}://${request.host}`;
}

/** PUBLIC_URL when configured, else the request's own origin. */
export function publicOrigin(ctx: IdentityContext, request: FastifyRequest): string {
  return ctx.config.publicUrl ?? requestOrigin(request);
}

export function readMemberCookie(request: FastifyRequest, name: string): string | undefined {
  const value = readCookie(request.headers.cookie, name);
  return value === null || value.length > 512 ? undefined : value;
}

/** A cookie for the member's pages: HttpOnly, SameSite=Lax (the redirect back is a navigation). */
export function memberCookie(
  request: FastifyRequest,
  name: string,
  value: string,
  maxAgeMs: number,
): string {
  const secure = isHttpsRequest(request) ? "; Secure" : "";
  return `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${Math.floor(maxAgeMs / 1000)}${secure}`;
}
