/** @module The origin the store puts in links (never the request's Host), and the member cookies. */
import type { FastifyRequest } from "fastify";
import { ApiError } from "../errors.ts";
import { isHttpsRequest, readCookie } from "./cookies.ts";

export const MEMBER_SESSION_COOKIE = "member_session";
export const MEMBER_DEVICE_COOKIE = "member_device";

const LOOPBACK_NAME = /^(localhost|[a-z0-9-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const bare = address.replace(/^::ffff:/i, "");
  return bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}

/** True for a host name that can only mean this machine. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_NAME.test(hostname);
}

/**
 * The origin for links in mails and pages and for "same origin" redirect checks: PUBLIC_URL,
 * else, for a developer on this machine (the connection and the client both loopback, and a
 * loopback Host), that loopback origin. Null otherwise: nothing a request from elsewhere says
 * about itself (Host, X-Forwarded-*) becomes a link.
 */
/** What the origin rules read of the store's settings. */
export type OriginConfig = {
  config: { publicUrl: string | null };
  /** The site's address the owner gave in Site settings (http(s) origin), or null. */
  siteAddress?: () => string | null;
};

export function trustedOrigin(ctx: OriginConfig, request: FastifyRequest): string | null {
  if (ctx.config.publicUrl !== null) return ctx.config.publicUrl;
  if (!isLoopbackAddress(request.raw.socket.remoteAddress) || !isLoopbackAddress(request.ip)) {
    return null;
  }
  const host = request.headers.host;
  if (typeof host !== "string" || !URL.canParse(`http://${host}`)) return null;
  const url = new URL(`http://${host}`);
  return isLoopbackHost(url.hostname) ? url.origin : null;
}

/**
 * The trusted origin, for a call that must put it in a mail or a link.
 * @throws ApiError PUBLIC_URL_REQUIRED when the store is reached from elsewhere without PUBLIC_URL.
 */
export function linkOrigin(ctx: OriginConfig, request: FastifyRequest): string {
  const origin = trustedOrigin(ctx, request);
  if (origin === null) throw new ApiError("PUBLIC_URL_REQUIRED");
  return origin;
}

/**
 * The origin a passkey answer must come from: PUBLIC_URL, else, for a developer on this
 * machine, `http://localhost` at the port the store listens on. Never the request's `Host`: an
 * answer made for another local site (another port of `localhost`, which shares the relying
 * party id) and relayed with that site's `Host` must not pass (docs/security.md, Passkeys).
 * @throws ApiError PUBLIC_URL_REQUIRED when the store is reached from elsewhere without PUBLIC_URL.
 */
export function passkeyOrigin(ctx: OriginConfig, request: FastifyRequest): string {
  if (ctx.config.publicUrl !== null) return ctx.config.publicUrl;
  if (!isLoopbackAddress(request.raw.socket.remoteAddress) || !isLoopbackAddress(request.ip)) {
    throw new ApiError("PUBLIC_URL_REQUIRED");
  }
  // A store that does not listen (driven in-process) has no port a browser could reach.
  const address = request.server.server.address();
  const port = typeof address === "object" && address !== null ? `:${address.port}` : "";
  return new URL(`http://localhost${port}`).origin;
}

/**
 * The origin the owner chose for the site, without a request: PUBLIC_URL when set (the
 * environment wins), else the address in Site settings (docs/security.md, "Reset-link poisoning").
 */
export function configuredOrigin(ctx: OriginConfig): string | null {
  return ctx.config.publicUrl ?? ctx.siteAddress?.() ?? null;
}

/**
 * The origin of links in mails: the configured one, else a developer's loopback one. Never
 * the request's Host or X-Forwarded-* from anywhere else.
 */
export function mailOrigin(ctx: OriginConfig, request: FastifyRequest): string | null {
  return configuredOrigin(ctx) ?? trustedOrigin(ctx, request);
}

/**
 * The mail origin, for a call that must mail a link.
 * @throws ApiError PUBLIC_URL_REQUIRED when neither PUBLIC_URL nor the site's address is set and
 *   the store is reached from elsewhere.
 */
export function mailLinkOrigin(ctx: OriginConfig, request: FastifyRequest): string {
  const origin = mailOrigin(ctx, request);
  if (origin === null) throw new ApiError("PUBLIC_URL_REQUIRED");
  return origin;
}

/** The site's address as an http(s) origin, or null when `siteUrl` is empty or not one. */
export function siteAddressOrigin(siteUrl: unknown): string | null {
  if (typeof siteUrl !== "string" || !URL.canParse(siteUrl.trim())) return null;
  const url = new URL(siteUrl.trim());
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return url.origin;
}

/** The start-up warning of a store reachable from elsewhere without PUBLIC_URL, or null. */
export function publicUrlWarning(host: string, publicUrl: string | null): string | null {
  if (publicUrl !== null) return null;
  const bare = host.replace(/^\[|\]$/g, "");
  if (isLoopbackAddress(bare) || isLoopbackHost(bare)) return null;
  return (
    `store: WARNING: PUBLIC_URL is not set and HOST=${host} is reachable from other machines. ` +
    "Members get no mail with a link (recovery, activation) and no sign-in redirect from any " +
    "address but this machine's until PUBLIC_URL names the store's public origin " +
    "(e.g. PUBLIC_URL=https://store.example.com)."
  );
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
