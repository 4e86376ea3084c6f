/** @module What every members' page shares: reading fields, sending pages, explaining errors. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { MEMBER_SESSION_COOKIE, readMemberCookie } from "../../platform/http/request-origin.ts";
import type { IdentityContext } from "../identity-context.ts";
import { isPageCsrf, type PageMember, pageMember } from "../page-sessions.ts";
import { messagePage } from "./views.ts";

/** A form or query field as one string ("" when missing or not text). */
export function fieldOf(source: unknown, name: string): string {
  if (typeof source !== "object" || source === null) return "";
  const value = (source as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first.slice(0, 4096) : "";
}

export function sendPage(reply: FastifyReply, markup: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(markup);
}

export function errorPage(reply: FastifyReply, message: string, status = 400): FastifyReply {
  return sendPage(reply, messagePage("Something is not right", message), status);
}

/**
 * A refusal's field violations as the pages say them ("E-mail must be a valid e-mail address."),
 * by the page's field name; null when the refusal names no field.
 */
export function fieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.violations.length === 0) return null;
  const errors: Record<string, string> = {};
  for (const v of error.violations) {
    const name = v.field === "loginId.email" ? "email" : v.field.replace(/^profile\./, "");
    errors[name] =
      `${name === "email" ? "E-mail" : name === "password" ? "Password" : "This field"} ${v.description}.`;
  }
  return errors;
}
/** A user-facing sentence for an identity error. */
export function explain(error: unknown): string {
  if (!(error instanceof ApiError)) throw error;
  switch (error.code) {
    case "WRONG_EMAIL_OR_PASSWORD":
      return "Wrong e-mail or password.";
    case "MEMBER_BLOCKED":
      return "Your account is blocked. Contact the site's owner (their details are on the site) to ask about it.";
    case "PASSWORD_RESET_REQUIRED":
      return "This account has no password yet. Use “Forgot your password?” to choose one.";
    case "EMAIL_ALREADY_EXISTS":
      return "An account with this e-mail already exists. Sign in instead.";
    case "CAPTCHA_MISSING":
    case "CAPTCHA_INVALID":
      return "The captcha check failed. Try again.";
    default:
      return error.message;
  }
}

export function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 400;
}

/** The member signed in on these pages (cookie), if active and the session is live. */
export function browserMember(ctx: IdentityContext, request: FastifyRequest): PageMember | null {
  return pageMember(ctx, readMemberCookie(request, MEMBER_SESSION_COOKIE));
}

/** The browser's member when the posted form came from their own page (its `csrf` field). */
export function csrfMember(ctx: IdentityContext, request: FastifyRequest): PageMember | null {
  const member = browserMember(ctx, request);
  if (member === null) return null;
  return isPageCsrf(ctx, member, fieldOf(request.body, "csrf")) ? member : null;
}
