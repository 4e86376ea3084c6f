/** @module The signed-in member's account page: two-step verification, sign out everywhere. */
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { MEMBER_SESSION_COOKIE, memberCookie } from "../../platform/http/request-origin.ts";
import {
  confirmFactorChange,
  isRecentSignIn,
  startFactorChange,
  turnFactorOff,
} from "../factor-change.ts";
import type { IdentityContext } from "../identity-context.ts";
import { type PageMember, pageCsrf, signOutEverywhere } from "../page-sessions.ts";
import { pendingEnrolment } from "../totp.ts";
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

const PASSWORD_ERRORS = new Set(["IDENTITY_REAUTHENTICATION_REQUIRED", "IDENTITY_PASSWORD_WRONG"]);

/** A refused change of the factor, on the field that can put it right. */
function factorErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !PASSWORD_ERRORS.has(error.code)) {
    return { code: explain(error) };
  }
  return {
    password:
      error.code === "IDENTITY_PASSWORD_WRONG"
        ? "That password is not right."
        : "Enter your password to confirm it is you: you signed in more than 10 minutes ago.",
  };
}

export function accountPages(app: FastifyInstance, ctx: IdentityContext): void {
  const account = (
    member: PageMember,
    { notice, errors }: { notice?: string; errors?: Record<string, string> },
  ) => {
    const totpEnabled = ctx.store.byId(member.identity.id)?.totpSecret != null;
    // Without a factor the page has no code field: its error is the form's.
    const shown = errors?.code !== undefined && !totpEnabled ? { form: errors.code } : errors;
    return accountPage({
      email: member.identity.email,
      csrf: pageCsrf(ctx, member),
      totpEnabled,
      passwordNeeded: !isRecentSignIn(ctx, member.sid),
      ...(notice === undefined ? {} : { notice }),
      ...(shown === undefined ? {} : { errors: shown }),
    });
  };

  /** The proof the account form sends with a change of the second factor. */
  const proofOf = (body: unknown) => ({
    code: fieldOf(body, "code"),
    password: fieldOf(body, "password"),
  });

  app.get("/members/account", async (request, reply) => {
    const member = browserMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    return sendPage(reply, account(member, {}));
  });

  app.post("/members/account/two-factor", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    try {
      const enrolment = await startFactorChange(ctx, member, proofOf(request.body));
      return sendPage(reply, totpEnrolmentPage({ csrf: pageCsrf(ctx, member), ...enrolment }));
    } catch (error) {
      return sendPage(reply, account(member, { errors: factorErrors(error) }), statusOf(error));
    }
  });

  app.post("/members/account/two-factor/confirm", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    const enrolmentToken = fieldOf(request.body, "enrolment");
    let codes: string[] | null;
    try {
      codes = confirmFactorChange(ctx, member, enrolmentToken, fieldOf(request.body, "code"));
    } catch (error) {
      return sendPage(reply, account(member, { errors: factorErrors(error) }), statusOf(error));
    }
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
      await turnFactorOff(ctx, member, proofOf(request.body));
    } catch (error) {
      return sendPage(reply, account(member, { errors: factorErrors(error) }), statusOf(error));
    }
    return sendPage(reply, account(member, { notice: "Two-step verification is off." }));
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
