/** @module Signing out from the members' pages (and finishing a logout flow). */
import type { FastifyInstance } from "fastify";
import { MEMBER_SESSION_COOKIE, memberCookie } from "../../platform/http/request-origin.ts";
import type { IdentityContext } from "../identity-context.ts";
import { pageCsrf, signOutPage } from "../page-sessions.ts";
import { checkRedirectUri } from "../redirect-check.ts";
import { endRedirectSession, findRedirectSession } from "../redirect-sessions.ts";
import { browserMember, csrfMember, fieldOf, sendPage } from "./page-helpers.ts";
import { messagePage, signOutConfirmPage } from "./views.ts";

export function signOutPages(app: FastifyInstance, ctx: IdentityContext): void {
  app.post("/members/sign-out", async (request, reply) => {
    const member = csrfMember(ctx, request);
    const signedIn = browserMember(ctx, request);
    // Without the page's token (a post from another site) the member is asked, not signed out.
    if (member === null && signedIn !== null) {
      return sendPage(
        reply,
        signOutConfirmPage({
          email: signedIn.identity.email,
          csrf: pageCsrf(ctx, signedIn),
          session: fieldOf(request.body, "session"),
        }),
        403,
      );
    }
    // A cross-site post carries no SameSite=Lax cookie: its answer must not clear the cookie either.
    if (member !== null) {
      signOutPage(ctx, member.token);
      reply.header("set-cookie", memberCookie(request, MEMBER_SESSION_COOKIE, "", 0));
    }
    const session = fieldOf(request.body, "session");
    const intent = session === "" ? null : findRedirectSession(ctx, session);
    if (intent?.intent === "logout") {
      endRedirectSession(ctx, session);
      const target = intent.postFlowUrl;
      if (target !== null && checkRedirectUri(ctx, request, target)) {
        return reply.code(303).header("cache-control", "no-store").redirect(target, 303);
      }
    }
    return sendPage(
      reply,
      messagePage("Signed out", "You are signed out.", ["/members/sign-in", "Sign in"]),
    );
  });
}
