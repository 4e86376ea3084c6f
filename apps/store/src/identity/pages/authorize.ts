/**
 * @module `/members/authorize`, the page a redirect session's `fullUrl` opens (auth, login or
 * logout), and `/members/continue`, which finishes a flow as the member already signed in here.
 */
import type { FastifyInstance } from "fastify";
import { MEMBER_SESSION_COOKIE, memberCookie } from "../../platform/http/request-origin.ts";
import type { IdentityContext } from "../identity-context.ts";
import { pageCsrf, signOutPage } from "../page-sessions.ts";
import { checkRedirectUri } from "../redirect-check.ts";
import { endRedirectSession, findRedirectSession } from "../redirect-sessions.ts";
import { takeSignIn } from "../sign-on.ts";
import { complete, deliver } from "./flow-completion.ts";
import { browserMember, errorPage, fieldOf, sendPage } from "./page-helpers.ts";
import { messagePage, signInPage, signOutConfirmPage } from "./views.ts";

export function authorizePages(app: FastifyInstance, ctx: IdentityContext): void {
  app.get("/members/authorize", async (request, reply) => {
    const session = fieldOf(request.query, "session");
    const intent = findRedirectSession(ctx, session);
    if (intent === null) {
      return errorPage(
        reply,
        "This sign-in link is invalid or has expired. Go back and try again.",
      );
    }
    const member = browserMember(ctx, request);
    // Logout CSRF: anyone may create a logout session; it ends a browser's sign-in unasked only
    // when the member's own token created it.
    if (intent.intent === "logout" && member !== null && intent.memberId !== member.identity.id) {
      return sendPage(
        reply,
        signOutConfirmPage({ email: member.identity.email, csrf: pageCsrf(ctx, member), session }),
      );
    }
    if (intent.intent === "logout") {
      if (member !== null) signOutPage(ctx, member.token);
      endRedirectSession(ctx, session);
      reply.header("set-cookie", memberCookie(request, MEMBER_SESSION_COOKIE, "", 0));
      const target = intent.postFlowUrl;
      if (target !== null && checkRedirectUri(ctx, request, target)) {
        return reply.code(303).header("cache-control", "no-store").redirect(target, 303);
      }
      return sendPage(reply, messagePage("Signed out", "You are signed out."));
    }
    if (intent.intent === "login") {
      return sendPage(reply, signInPage({ session, continueAs: member?.identity.email }));
    }
    if (intent.redirectUri !== null && !checkRedirectUri(ctx, request, intent.redirectUri)) {
      return errorPage(reply, "This sign-in link points to an address that is not allowed.");
    }
    const fromToken = intent.sessionToken === null ? null : takeSignIn(ctx, intent.sessionToken);
    if (fromToken !== null) {
      return complete(ctx, request, reply, fromToken.identity, session, fromToken.authAt);
    }
    if (intent.prompt === "none") {
      if (member !== null) return complete(ctx, request, reply, member.identity, session, null);
      endRedirectSession(ctx, session);
      return deliver(ctx, request, reply, intent, {
        error: "login_required",
        error_description: "The member is not signed in",
      });
    }
    return sendPage(reply, signInPage({ session, continueAs: member?.identity.email }));
  });

  app.post("/members/continue", async (request, reply) => {
    const session = fieldOf(request.body, "session");
    const member = browserMember(ctx, request);
    if (member === null) return sendPage(reply, signInPage({ session }));
    return complete(ctx, request, reply, member.identity, session, null);
  });
}
