/** @module "Forgot your password?": the recovery mail, and the page its link opens. */
import type { FastifyInstance } from "fastify";
import { mailLinkOrigin } from "../../platform/http/request-origin.ts";
import { type IdentityContext, peekToken } from "../identity-context.ts";
import { recover, sendRecoveryEmail } from "../recovery.ts";
import { checkRedirectUri } from "../redirect-check.ts";
import { errorPage, explain, fieldErrors, fieldOf, sendPage, statusOf } from "./page-helpers.ts";
import { forgotPasswordPage, messagePage, resetPasswordPage } from "./views.ts";

export function passwordResetPages(app: FastifyInstance, ctx: IdentityContext): void {
  const minLength = ctx.config.passwordMinLength;
  app.get("/members/forgot-password", async (request, reply) => {
    const session = fieldOf(request.query, "session") || null;
    return sendPage(reply, forgotPasswordPage({ session }));
  });

  app.post("/members/forgot-password", async (request, reply) => {
    const body = request.body;
    const session = fieldOf(body, "session") || null;
    const email = fieldOf(body, "email");
    try {
      sendRecoveryEmail(ctx, {
        email,
        address: request.ip,
        origin: mailLinkOrigin(ctx, request),
        redirectUrl: null,
      });
    } catch (error) {
      const message = fieldErrors(error)?.email ?? explain(error);
      return sendPage(
        reply,
        forgotPasswordPage({ session, email, errors: { email: message } }),
        statusOf(error),
      );
    }
    return sendPage(
      reply,
      messagePage(
        "Check your e-mail",
        `If ${email} belongs to an account, we sent it a link to choose a new password.`,
        [
          session ? `/members/sign-in?session=${encodeURIComponent(session)}` : "/members/sign-in",
          "Back to sign in",
        ],
      ),
    );
  });

  app.get("/members/reset-password", async (request, reply) => {
    const token = fieldOf(request.query, "token");
    if (peekToken(ctx, "recovery", token) === null) {
      return errorPage(reply, "This link is invalid, expired or already used. Ask for a new one.");
    }
    return sendPage(reply, resetPasswordPage({ token, passwordMinLength: minLength }));
  });

  app.post("/members/reset-password", async (request, reply) => {
    const token = fieldOf(request.body, "token");
    try {
      const { redirectUrl } = await recover(ctx, {
        recoveryToken: token,
        password: fieldOf(request.body, "password"),
      });
      const allowed = redirectUrl !== null && checkRedirectUri(ctx, request, redirectUrl);
      const next: [string, string] = allowed
        ? [redirectUrl, "Continue"]
        : ["/members/sign-in", "Sign in"];
      return sendPage(reply, messagePage("Password changed", "Your new password is saved.", next));
    } catch (error) {
      const password = fieldErrors(error)?.password;
      if (password !== undefined) {
        return sendPage(
          reply,
          resetPasswordPage({
            token,
            errors: { password },
            passwordMinLength: minLength,
          }),
          400,
        );
      }
      return errorPage(reply, explain(error), statusOf(error));
    }
  });
}
