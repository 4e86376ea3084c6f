/**
 * @module Redirect sessions (docs/protocol.md §7.2): an `auth`, `login` or `logout` intent, checked
 * and kept (hashed) until the store's sign-in page completes it. `fullUrl` opens that page.
 */
import type { FastifyRequest } from "fastify";
import { ApiError, type FieldViolation, validationError, violation } from "../platform/errors.ts";
import { linkOrigin } from "../platform/http/request-origin.ts";
import { isPlainObject } from "../platform/query/values.ts";
import { hashToken } from "../platform/secrets/secrets.ts";
import { TTL } from "./identity-config.ts";
import { type IdentityContext, issueToken, peekToken, throttle } from "./identity-context.ts";
import { allowedRedirectOrigins, checkRedirectUri } from "./redirect-check.ts";

/** The page a redirect session's `fullUrl` opens. */
export const AUTHORIZE_PATH = "/members/authorize";

const RESPONSE_MODES = new Set(["fragment", "query", "web_message"]);
const OTHER_INTENTS = [
  "bookingsCheckout",
  "ecomCheckout",
  "eventsCheckout",
  "paidPlansCheckout",
  "storesProduct",
  "bookingsBook",
  "ecomOrderPaymentRequest",
];
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export type AuthIntent = {
  intent: "auth";
  clientId: string;
  redirectUri: string | null;
  responseMode: "fragment" | "query" | "web_message";
  codeChallenge: string;
  state: string;
  prompt: "login" | "none";
  sessionToken: string | null;
  /** Where `web_message` posts the code: the caller's page origin when allowed. */
  targetOrigin: string;
};

export type RedirectIntent =
  | AuthIntent
  | { intent: "login" }
  | {
      intent: "logout";
      postFlowUrl: string | null;
      /** The member whose token asked to sign out: only their browser sign-in ends unasked. */
      memberId?: string | null;
    };

export type RedirectSession = {
  redirectSession: {
    id: string;
    fullUrl: string;
    urlDetails: { endpoint: string; searchParams: Record<string, string> };
    sessionToken: string;
    shortUrl: string;
  };
};

function text(value: unknown, max = 512): string | null {
  return typeof value === "string" && value !== "" && value.length <= max ? value : null;
}

function readAuth(
  ctx: IdentityContext,
  value: unknown,
  env: {
    clientId: string;
    request: FastifyRequest;
    origin: string;
    callerOrigin: string | undefined;
  },
): AuthIntent {
  const auth = isPlainObject(value) ? value : {};
  const request = isPlainObject(auth.authRequest) ? auth.authRequest : {};
  const violations: FieldViolation[] = [];
  const bad = (field: string, description: string) =>
    violations.push(violation(`auth.authRequest.${field}`, description));
  const responseMode = request.responseMode ?? "fragment";
  if (typeof responseMode !== "string" || !RESPONSE_MODES.has(responseMode)) {
    bad("responseMode", "must be fragment, query or web_message");
  }
  if ((request.responseType ?? "code") !== "code") bad("responseType", "must be code");
  if ((request.codeChallengeMethod ?? "S256") !== "S256") {
    bad("codeChallengeMethod", "must be S256");
  }
  const codeChallenge = text(request.codeChallenge);
  if (codeChallenge === null || !CHALLENGE.test(codeChallenge)) {
    bad("codeChallenge", "must be a 43-character base64url S256 challenge");
  }
  const state = text(request.state);
  if (state === null) bad("state", "must be a string of 1 to 512 characters");
  const clientId = text(request.clientId);
  if (clientId === null) bad("clientId", "must be a non-empty string");
  const prompt = auth.prompt ?? "login";
  if (prompt !== "login" && prompt !== "none") {
    violations.push(violation("auth.prompt", "must be login or none", "INVALID_ENUM_VALUE"));
  }
  const sessionToken = request.sessionToken ?? null;
  if (sessionToken !== null && text(sessionToken) === null) {
    bad("sessionToken", "must be a string of 1 to 512 characters");
  }
  const redirectUri = request.redirectUri ?? null;
  if (responseMode !== "web_message" && redirectUri === null) {
    bad("redirectUri", "is required unless responseMode is web_message");
  }
  if (violations.length > 0) throw validationError(violations);
  if (clientId !== env.clientId) throw new ApiError("INVALID_CLIENT", [String(clientId)]);
  if (redirectUri !== null && !checkRedirectUri(ctx, env.request, redirectUri)) {
    throw new ApiError("REDIRECT_URI_NOT_ALLOWED", [String(redirectUri).slice(0, 200)]);
  }
  const origins = allowedRedirectOrigins(ctx, env.request);
  return {
    intent: "auth",
    clientId: clientId as string,
    redirectUri: redirectUri as string | null,
    responseMode: responseMode as AuthIntent["responseMode"],
    codeChallenge: codeChallenge as string,
    state: state as string,
    prompt: prompt as "login" | "none",
    sessionToken: sessionToken as string | null,
    targetOrigin:
      env.callerOrigin !== undefined && origins.includes(env.callerOrigin)
        ? env.callerOrigin
        : env.origin,
  };
}

/**
 * Checks a redirect-session request and keeps it.
 * @param env.request the call (its trusted origin); env.callerOrigin the request's Origin header.
 * @throws ApiError PUBLIC_URL_REQUIRED, IDENTITY_THROTTLED (per address), VALIDATION_FAILED, INVALID_CLIENT, REDIRECT_URI_NOT_ALLOWED,
 *   REDIRECT_INTENT_UNSUPPORTED.
 */
export function createRedirectSession(
  ctx: IdentityContext,
  body: Record<string, unknown>,
  env: {
    clientId: string;
    request: FastifyRequest;
    callerOrigin: string | undefined;
    address: string;
    memberId?: string | null;
  },
): RedirectSession {
  const origin = linkOrigin(ctx, env.request);
  throttle(ctx.limits.redirect, env.address);
  let intent: RedirectIntent;
  if (body.auth !== undefined && body.auth !== null) {
    intent = readAuth(ctx, body.auth, { ...env, origin });
  } else if (body.logout !== undefined && body.logout !== null) {
    const callbacks = isPlainObject(body.callbacks) ? body.callbacks : {};
    const postFlowUrl = callbacks.postFlowUrl ?? null;
    if (
      postFlowUrl !== null &&
      postFlowUrl !== "" &&
      !checkRedirectUri(ctx, env.request, postFlowUrl)
    ) {
      throw new ApiError("REDIRECT_URI_NOT_ALLOWED", [String(postFlowUrl).slice(0, 200)]);
    }
    intent = {
      intent: "logout",
      postFlowUrl: postFlowUrl === "" ? null : (postFlowUrl as string | null),
      memberId: env.memberId ?? null,
    };
  } else if (body.login !== undefined && body.login !== null) {
    intent = { intent: "login" };
  } else {
    const other = OTHER_INTENTS.find((name) => body[name] !== undefined && body[name] !== null);
    if (other !== undefined) throw new ApiError("REDIRECT_INTENT_UNSUPPORTED", [other]);
    throw validationError([
      violation("auth", "one of auth, login or logout is required", "REQUIRED_FIELD"),
    ]);
  }
  // Anyone may start a flow: expired rows of every kind go as new sessions come (indexed).
  ctx.store.dropExpired(ctx.now());
  const id = issueToken(ctx, "redirect", null, TTL.redirect, intent);
  const endpoint = `${origin}${AUTHORIZE_PATH}`;
  const fullUrl = `${endpoint}?session=${encodeURIComponent(id)}`;
  return {
    redirectSession: {
      id,
      fullUrl,
      urlDetails: { endpoint, searchParams: { session: id } },
      sessionToken: "",
      shortUrl: fullUrl,
    },
  };
}

/** A live redirect session, or null. */
export function findRedirectSession(ctx: IdentityContext, id: unknown): RedirectIntent | null {
  const row = peekToken(ctx, "redirect", id);
  return row === null ? null : (row.payload as RedirectIntent);
}

/** The flow is done (or refused): its redirect session cannot be used again. */
export function endRedirectSession(ctx: IdentityContext, id: string): void {
  ctx.store.dropToken(hashToken(id));
}
