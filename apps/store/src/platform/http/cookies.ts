/**
 * @module The owner session cookie: HttpOnly, SameSite=Strict, Path=/ (the data-items API
 * needs it too), Secure when the request came over https directly or through a proxy.
 */
import type { FastifyRequest } from "fastify";

export const SESSION_COOKIE = "owner_session";

/** The value of one cookie from a Cookie header, or null. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return value === "" ? null : value;
  }
  return null;
}

export function isHttpsRequest(request: FastifyRequest): boolean {
  if (request.protocol === "https") return true;
  const forwarded = request.headers["x-forwarded-proto"];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
  return first?.toLowerCase() === "https";
}

function attributes(secure: boolean): string {
  return `Path=/; HttpOnly; SameSite=Strict${secure ? "; Secure" : ""}`;
}

/** A browser-session cookie: the server ends the session on inactivity, the browser on close. */
export function sessionCookie(id: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; ${attributes(secure)}`;
}

export function clearedSessionCookie(secure: boolean): string {
  return `${SESSION_COOKIE}=; ${attributes(secure)}; Max-Age=0`;
}
