/**
 * @module Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; the
 * trade-offs in docs/security.md): a browser that signed in to an account carries
 * `<nonce>.<HMAC of the account id and the nonce under the store's signing key>`. With it, a
 * password sign-in to that account is exempt from the per-account and per-address limits and
 * queues that strangers' guesses cause; instead the cookie has a limit of its own. Forging one
 * needs the key; one signed for an account proves nothing for another.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { isHttpsRequest, readCookie } from "../platform/http/cookies.ts";
import { keyedDigest, randomToken, sameSecret } from "../platform/secrets/secrets.ts";
import type { IdentityContext } from "./identity-context.ts";

/** The members' pages and the members' login API. */
export const MEMBER_KNOWN_DEVICE_COOKIE = "member_known_device";
/** The editor (`/admin`). */
export const EDITOR_KNOWN_DEVICE_COOKIE = "editor_known_device";

/** How long a browser stays known after its last sign-in. */
export const KNOWN_DEVICE_TTL_MS = 180 * 24 * 3_600_000;

const LABEL = "known-device";

function signature(ctx: IdentityContext, identityId: string, nonce: string): string {
  return keyedDigest(ctx.key, LABEL, `${identityId}\0${nonce}`);
}

/** A new device cookie value for the identity (a fresh nonce each sign-in). */
export function issueDeviceCookie(ctx: IdentityContext, identityId: string): string {
  const nonce = randomToken();
  return `${nonce}.${signature(ctx, identityId, nonce)}`;
}

/** The nonce of a device cookie signed for `identityId`, or null (absent, forged, another's). */
function deviceNonce(
  ctx: IdentityContext,
  cookie: string | undefined,
  identityId: string,
): string | null {
  if (cookie === undefined || cookie.length > 200) return null;
  const [nonce, mac, extra] = cookie.split(".");
  if (nonce === undefined || mac === undefined || extra !== undefined || nonce === "") return null;
  return sameSecret(mac, signature(ctx, identityId, nonce)) ? nonce : null;
}

/**
 * True when `cookie` is this identity's device cookie and the device has guesses left; the
 * attempt is then counted against the device (nothing is counted for any other browser).
 */
export function takeKnownDevice(
  ctx: IdentityContext,
  cookie: string | undefined,
  identityId: string,
): boolean {
  const nonce = deviceNonce(ctx, cookie, identityId);
  return nonce !== null && ctx.limits.loginPerDevice.take(nonce) === 0;
}

/** Forgets a known device's wrong guesses after its right password. */
export function resetKnownDevice(ctx: IdentityContext, cookie: string | undefined): void {
  const nonce = cookie?.split(".")[0];
  if (nonce) ctx.limits.loginPerDevice.reset(nonce);
}

/** The device cookie the browser sent under `name`. */
export function readDeviceCookie(request: FastifyRequest, name: string): string | undefined {
  return readCookie(request.headers.cookie, name) ?? undefined;
}

/**
 * Sets a fresh device cookie after a sign-in: HttpOnly, Lax for the members' pages (their
 * redirects back are navigations), Strict and `/admin` only for the editor.
 */
export function rememberKnownDevice(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  identityId: string,
  name: typeof MEMBER_KNOWN_DEVICE_COOKIE | typeof EDITOR_KNOWN_DEVICE_COOKIE,
): void {
  const editor = name === EDITOR_KNOWN_DEVICE_COOKIE;
  const attributes = [
    `Path=${editor ? "/admin" : "/"}`,
    "HttpOnly",
    `SameSite=${editor ? "Strict" : "Lax"}`,
    `Max-Age=${Math.floor(KNOWN_DEVICE_TTL_MS / 1000)}`,
    ...(isHttpsRequest(request) ? ["Secure"] : []),
  ];
  const value = issueDeviceCookie(ctx, identityId);
  reply.header("set-cookie", `${name}=${value}; ${attributes.join("; ")}`);
}
