/**
 * @module Login CSRF on the store's member pages: every form a page renders carries a token
 * bound to a cookie of the browser (`member_form`, SameSite=Lax, so a cross-site form post does
 * not send it). A post without the pair came from another site's page and is refused.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { memberCookie, readMemberCookie } from "../http/request-origin.ts";
import { keyedDigest, randomToken, sameSecret } from "../secrets/secrets.ts";

export const FORM_COOKIE = "member_form";
export const FORM_FIELD = "form_token";
const FORM_COOKIE_MS = 24 * 3_600_000;
/** Cookies set on a reply not yet sent, so every form of one page gets the same token. */
const issued = new WeakMap<FastifyRequest, string>();

function tokenOf(key: Uint8Array, cookie: string): string {
  return keyedDigest(key, "member-form", cookie);
}

/** The browser's form cookie (set on this reply when it had none) and the token its forms carry. */
export function formToken(key: Uint8Array, request: FastifyRequest, reply: FastifyReply): string {
  let cookie = issued.get(request) ?? readMemberCookie(request, FORM_COOKIE);
  if (cookie === undefined || cookie.length < 32) {
    cookie = randomToken();
    issued.set(request, cookie);
    reply.header("set-cookie", memberCookie(request, FORM_COOKIE, cookie, FORM_COOKIE_MS));
  }
  return tokenOf(key, cookie);
}

/** True when the posted form carries the token of the browser's form cookie. */
export function formTokenValid(key: Uint8Array, request: FastifyRequest, posted: string): boolean {
  const cookie = readMemberCookie(request, FORM_COOKIE);
  return cookie !== undefined && posted !== "" && sameSecret(posted, tokenOf(key, cookie));
}

/** Puts the token into every form of a page (the views stay free of it). */
export function withFormToken(markup: string, token: string): string {
  return markup.replace(
    /<form method="post"[^>]*>/g,
    (tag) => `${tag}\n<input type="hidden" name="${FORM_FIELD}" value="${token}">`,
  );
}
