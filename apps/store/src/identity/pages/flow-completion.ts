/**
 * @module The end of a members' page flow: the member is kept signed in on this browser and the
 * code (or an OAuth error) goes to the flow's redirect URI, or is posted to the frame.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { MEMBER_SESSION_COOKIE, memberCookie } from "../../platform/http/request-origin.ts";
import { CLIENT_AREA_PATH } from "../../platform/pages/site-frame.ts";
import { issueAuthorizationCode } from "../authorization-codes.ts";
import { TTL } from "../identity-config.ts";
import type { IdentityContext } from "../identity-context.ts";
import type { AuthOutcome } from "../identity-view.ts";
import { signInOnPage } from "../page-sessions.ts";
import { allowedRedirectOrigins, checkRedirectUri } from "../redirect-check.ts";
import { type AuthIntent, endRedirectSession, findRedirectSession } from "../redirect-sessions.ts";
import { takeSignIn } from "../sign-on.ts";
import type { IdentityRow } from "../storage/identity-store.ts";
import { browserMember, errorPage, sendPage } from "./page-helpers.ts";
import { messagePage, secondFactorPage, verifyEmailPage, webMessagePage } from "./views.ts";

/** Sends the code (or an OAuth error) to the flow's redirect URI, or posts it to the frame. */
export function deliver(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  intent: AuthIntent,
  params: Record<string, string>,
) {
  const all = { ...params, state: intent.state };
  if (intent.responseMode === "web_message") {
    // Checked again at delivery: the page the code is posted to must still be allowed.
    if (!allowedRedirectOrigins(ctx, request).includes(intent.targetOrigin)) {
      return errorPage(reply, "This sign-in link points to an address that is not allowed.");
    }
    const data: Record<string, string> = {
      state: intent.state,
      "target-origin": intent.targetOrigin,
    };
    if (params.code !== undefined) data.code = params.code;
    if (params.error !== undefined) data.error = params.error;
    if (params.error_description !== undefined) {
      data["error-description"] = params.error_description;
    }
    return sendPage(reply, webMessagePage(data));
  }
  const uri = intent.redirectUri ?? "";
  // Checked again at delivery: the allowed list may have changed since the session began.
  if (!checkRedirectUri(ctx, request, uri)) {
    return errorPage(reply, "This sign-in link points to an address that is not allowed.");
  }
  const url = new URL(uri);
  const encoded = new URLSearchParams(all).toString();
  if (intent.responseMode === "query") {
    for (const [key, value] of Object.entries(all)) url.searchParams.set(key, value);
  } else url.hash = encoded;
  return reply.code(303).header("cache-control", "no-store").redirect(url.toString(), 303);
}

/**
 * The member is signed in (`authAt`: the password or a code was just proven; null: the
 * browser's page session goes on): keep it on this browser and finish the flow.
 */
export function complete(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  identity: IdentityRow,
  session: string,
  authAt: number | null,
) {
  const member = browserMember(ctx, request);
  let pageSession = member?.sid;
  // The owner's Members list shows it as the member's last sign-in, as a token grant does.
  if (authAt !== null) ctx.store.recordSignIn(identity.id, ctx.now());
  if (authAt !== null || pageSession === undefined || member?.identity.id !== identity.id) {
    const client = { userAgent: request.headers["user-agent"], address: request.ip };
    const signedIn = signInOnPage(ctx, member, identity, authAt ?? ctx.now(), client);
    pageSession = signedIn.sid;
    if (signedIn.cookie !== null) {
      reply.header(
        "set-cookie",
        memberCookie(request, MEMBER_SESSION_COOKIE, signedIn.cookie, TTL.browser),
      );
    }
  }
  const intent = findRedirectSession(ctx, session);
  if (intent === null || intent.intent !== "auth") {
    // Signed in on the site itself: the member's home, the client area (page/client-area/).
    return reply.code(303).header("cache-control", "no-store").redirect(CLIENT_AREA_PATH, 303);
  }
  endRedirectSession(ctx, session);
  const code = issueAuthorizationCode(ctx, {
    identityId: identity.id,
    clientId: intent.clientId,
    redirectUri: intent.redirectUri,
    codeChallenge: intent.codeChallenge,
    pageSession,
  });
  return deliver(ctx, request, reply, intent, { code });
}

/** What the member sees after credentials or a code were accepted. */
export function continueWith(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: AuthOutcome,
  session: string,
) {
  switch (outcome.state) {
    case "SUCCESS": {
      const signIn = takeSignIn(ctx, outcome.sessionToken, outcome.identity.id);
      if (signIn === null) return errorPage(reply, "Your sign-in could not be completed.");
      return complete(ctx, request, reply, signIn.identity, session, signIn.authAt);
    }
    case "REQUIRE_EMAIL_VERIFICATION":
      return sendPage(
        reply,
        verifyEmailPage({
          session,
          stateToken: outcome.stateToken,
          email: outcome.identity.email,
        }),
      );
    case "REQUIRE_OWNER_APPROVAL":
      return sendPage(
        reply,
        messagePage(
          "Waiting for approval",
          "Your account is waiting for the site owner's approval. You can sign in once it is approved.",
        ),
      );
    case "REQUIRE_MFA":
      return sendPage(reply, secondFactorPage({ session, stateToken: outcome.stateToken }));
  }
}
