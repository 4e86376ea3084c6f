/**
 * @module Signing up on the members' pages (with the name the pages greet them by), and the e-mail
 * code that activates the account.
 */
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { MEMBER_DEVICE_COOKIE, readMemberCookie } from "../../platform/http/request-origin.ts";
import { type IdentityContext, liveIdentity, peekToken } from "../identity-context.ts";
import { MEMBER_NAME_MAX } from "../member-name.ts";
import { register } from "../register.ts";
import { resendCode, verifyEmailCode } from "../verification.ts";
import { continueWith } from "./flow-completion.ts";
import { explain, fieldErrors, fieldOf, sendPage, statusOf } from "./page-helpers.ts";
import { signInPage, signUpPage, verifyEmailPage } from "./views.ts";

export function signUpPages(app: FastifyInstance, ctx: IdentityContext): void {
  const minLength = ctx.config.passwordMinLength;
  app.get("/members/sign-up", async (request, reply) => {
    const session = fieldOf(request.query, "session") || null;
    return sendPage(reply, signUpPage({ session, passwordMinLength: minLength }));
  });

  app.post("/members/sign-up", async (request, reply) => {
    const body = request.body;
    const session = fieldOf(body, "session");
    const email = fieldOf(body, "email");
    const name = fieldOf(body, "name").trim();
    const nameProblem =
      name === ""
        ? "Enter your name."
        : name.length > MEMBER_NAME_MAX
          ? `Keep the name to at most ${MEMBER_NAME_MAX} characters.`
          : null;
    if (nameProblem !== null) {
      const errors = { name: nameProblem, form: "Check the highlighted fields." };
      return sendPage(
        reply,
        signUpPage({ session, email, name, errors, passwordMinLength: minLength }),
        400,
      );
    }
    try {
      const outcome = await register(ctx, {
        email,
        password: fieldOf(body, "password"),
        profile: { firstName: name },
        captchaTokens: undefined,
        skipCaptcha: true,
        address: request.ip,
      });
      ctx.signedUp(request);
      return continueWith(ctx, request, reply, outcome, session);
    } catch (error) {
      const fields = fieldErrors(error);
      const errors: Record<string, string> =
        fields === null
          ? { form: explain(error), formField: "email" }
          : { ...fields, form: "Check the highlighted fields." };
      return sendPage(
        reply,
        signUpPage({ session, email, name, errors, passwordMinLength: minLength }),
        statusOf(error),
      );
    }
  });

  app.post("/members/verify-email", async (request, reply) => {
    const body = request.body;
    const session = fieldOf(body, "session");
    const stateToken = fieldOf(body, "stateToken");
    try {
      const device = readMemberCookie(request, MEMBER_DEVICE_COOKIE);
      const outcome = await verifyEmailCode(ctx, {
        stateToken,
        code: fieldOf(body, "code"),
        address: request.ip,
        ...(device === undefined ? {} : { deviceToken: device }),
      });
      return continueWith(ctx, request, reply, outcome, session);
    } catch (error) {
      if (error instanceof ApiError && error.code === "IDENTITY_STATE_TOKEN_INVALID") {
        return sendPage(reply, signInPage({ session, errors: { form: error.message } }), 400);
      }
      const row = peekToken(ctx, "state", stateToken);
      const email = row === null ? "" : (liveIdentity(ctx, row.identityId)?.email ?? "");
      if (row === null) {
        return sendPage(reply, signInPage({ session, errors: { form: explain(error) } }), 400);
      }
      return sendPage(
        reply,
        verifyEmailPage({ session, stateToken, email, errors: { code: explain(error) } }),
        statusOf(error),
      );
    }
  });

  app.post("/members/resend-code", async (request, reply) => {
    const body = request.body;
    const session = fieldOf(body, "session");
    const stateToken = fieldOf(body, "stateToken");
    const email = fieldOf(body, "email");
    try {
      await resendCode(ctx, { stateToken, address: request.ip });
      return sendPage(
        reply,
        verifyEmailPage({ session, stateToken, email, notice: `We sent a new code to ${email}.` }),
      );
    } catch (error) {
      return sendPage(
        reply,
        signInPage({ session, errors: { form: explain(error) } }),
        statusOf(error),
      );
    }
  });
}
