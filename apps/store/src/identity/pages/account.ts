/** @module The signed-in member's account page: two-step verification, sign out everywhere. */
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { MEMBER_SESSION_COOKIE, memberCookie } from "../../platform/http/request-origin.ts";
import type { IdentityContext } from "../identity-context.ts";
import { pageCsrf, signOutEverywhere } from "../page-sessions.ts";
import {
  confirmTotpEnrolment,
  disableTotp,
  pendingEnrolment,
  startTotpEnrolment,
} from "../totp.ts";
import {
  browserMember,
  csrfMember,
  errorPage,
  explain,
  fieldOf,
  sendPage,
  statusOf,
} from "./page-helpers.ts";
import { accountPage, messagePage, recoveryCodesPage, totpEnrolmentPage } from "./views.ts";

export function accountPages(app: FastifyInstance, ctx: IdentityContext): void {
  app.get("/members/account", async (request, reply) => {
    const member = browserMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    return sendPage(
      reply,
      accountPage({
        email: member.identity.email,
        csrf: pageCsrf(ctx, member),
        totpEnabled: member.identity.totpSecret !== null,
      }),
    );
  });

  app.post("/members/account/two-factor", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    const enrolment = await startTotpEnrolment(ctx, member.identity);
    return sendPage(reply, totpEnrolmentPage({ csrf: pageCsrf(ctx, member), ...enrolment }));
  });

  app.post("/members/account/two-factor/confirm", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    const enrolmentToken = fieldOf(request.body, "enrolment");
    const codes = confirmTotpEnrolment(
      ctx,
      member.identity.id,
      enrolmentToken,
      fieldOf(request.body, "code"),
    );
    if (codes !== null) return sendPage(reply, recoveryCodesPage(codes));
    const enrolment = await pendingEnrolment(ctx, member.identity, enrolmentToken);
    if (enrolment === null) return errorPage(reply, "This set-up has expired. Start again.");
    return sendPage(
      reply,
      totpEnrolmentPage({
        csrf: pageCsrf(ctx, member),
        ...enrolment,
        errors: { code: "That code is not right. Enter the current code from the app." },
      }),
      400,
    );
  });

  app.post("/members/account/two-factor/disable", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    try {
      disableTotp(ctx, member, fieldOf(request.body, "code"));
    } catch (error) {
      const again =
        error instanceof ApiError && error.code === "IDENTITY_REAUTHENTICATION_REQUIRED"
          ? " Sign out, sign in again, then turn it off within 10 minutes."
          : "";
      return sendPage(
        reply,
        accountPage({
          email: member.identity.email,
          csrf: pageCsrf(ctx, member),
          totpEnabled: true,
          errors: { code: `${explain(error)}${again}` },
        }),
        statusOf(error),
      );
    }
    return sendPage(
      reply,
      accountPage({
        email: member.identity.email,
        csrf: pageCsrf(ctx, member),
        totpEnabled: false,
        notice: "Two-step verification is off.",
      }),
    );
  });

  app.post("/members/account/sign-out-everywhere", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    signOutEverywhere(ctx, member);
    reply.header("set-cookie", memberCookie(request, MEMBER_SESSION_COOKIE, "", 0));
    return sendPage(
      reply,
      messagePage("Signed out everywhere", "You are signed out on every device.", [
        "/members/sign-in",
        "Sign in",
      ]),
    );
  });
}
