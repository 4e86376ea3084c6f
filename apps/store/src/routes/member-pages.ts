/**
 * @module The members' pages under `/members/`: the `fullUrl` of redirect sessions
 * (`/members/authorize`), sign in, sign up, the e-mail code, the second factor, forgot and
 * reset password, two-factor settings and sign-out. Server-rendered forms, no JavaScript
 * needed (but for `web_message`, whose script is a file). Codes only go to allowed URIs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { IdentityRow } from "../db/identity-store.ts";
import { ApiError } from "../errors.ts";
import { contentSecurityPolicy } from "../http/security-headers.ts";
import { issueAuthorizationCode } from "../identity/authorization-codes.ts";
import { TTL } from "../identity/identity-config.ts";
import { type IdentityContext, liveIdentity, peekToken } from "../identity/identity-context.ts";
import type { AuthOutcome } from "../identity/identity-view.ts";
import { login } from "../identity/login.ts";
import {
  isPageCsrf,
  type PageMember,
  pageCsrf,
  pageMember,
  signInOnPage,
  signOutEverywhere,
  signOutPage,
} from "../identity/page-sessions.ts";
import { MEMBERS_CSS, WEB_MESSAGE_JS } from "../identity/pages/assets.ts";
import {
  FORM_FIELD,
  formToken,
  formTokenValid,
  withFormToken,
} from "../identity/pages/form-token.ts";
import { CSS_PATH, WEB_MESSAGE_SCRIPT_PATH } from "../identity/pages/html.ts";
import {
  accountPage,
  forgotPasswordPage,
  messagePage,
  recoveryCodesPage,
  resetPasswordPage,
  secondFactorPage,
  signInPage,
  signOutConfirmPage,
  signUpPage,
  totpEnrolmentPage,
  verifyEmailPage,
  webMessagePage,
} from "../identity/pages/views.ts";
import { recover, sendRecoveryEmail } from "../identity/recovery.ts";
import { allowedRedirectOrigins, checkRedirectUri } from "../identity/redirect-check.ts";
import {
  type AuthIntent,
  endRedirectSession,
  findRedirectSession,
} from "../identity/redirect-sessions.ts";
import { register } from "../identity/register.ts";
import {
  linkOrigin,
  MEMBER_DEVICE_COOKIE,
  MEMBER_SESSION_COOKIE,
  memberCookie,
  readMemberCookie,
} from "../identity/request-origin.ts";
import { verifyFactor } from "../identity/second-factor.ts";
import { takeSignIn } from "../identity/sign-on.ts";
import {
  confirmTotpEnrolment,
  disableTotp,
  pendingEnrolment,
  startTotpEnrolment,
} from "../identity/totp.ts";
import { resendCode, verifyEmailCode } from "../identity/verification.ts";

export type MemberPagesOptions = { identity: IdentityContext };

/** The forms anyone may post before signing in: each needs the browser's form token. */
const FORM_GUARDED = new Set([
  "/members/continue",
  "/members/sign-in",
  "/members/sign-up",
  "/members/verify-email",
  "/members/resend-code",
  "/members/second-factor",
  "/members/forgot-password",
  "/members/reset-password",
]);

const ASSETS = {
  [CSS_PATH]: { body: MEMBERS_CSS, type: "text/css; charset=utf-8" },
  [WEB_MESSAGE_SCRIPT_PATH]: { body: WEB_MESSAGE_JS, type: "text/javascript; charset=utf-8" },
};

/** A form or query field as one string ("" when missing or not text). */
function fieldOf(source: unknown, name: string): string {
  if (typeof source !== "object" || source === null) return "";
  const value = (source as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first.slice(0, 4096) : "";
}

/**
 * The store's CSP, except that the allowed origins may frame these pages (silent sign-in and
 * the pre-warm load them in a hidden iframe) and receive the forms' redirects.
 */
function allowFramingByAllowedOrigins(
  ctx: IdentityContext,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const origins = allowedRedirectOrigins(ctx, request);
  reply.removeHeader("x-frame-options");
  reply.header(
    "content-security-policy",
    contentSecurityPolicy({ "frame-ancestors": origins, "form-action": origins }),
  );
}

function sendPage(reply: FastifyReply, markup: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .header("cache-control", "no-store")
    .type("text/html; charset=utf-8")
    .send(markup);
}

/** A user-facing sentence for an identity error. */
function explain(error: unknown): string {
  if (!(error instanceof ApiError)) throw error;
  switch (error.code) {
    case "WRONG_EMAIL_OR_PASSWORD":
      return "Wrong e-mail or password.";
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

function statusOf(error: unknown): number {
  return error instanceof ApiError ? error.status : 400;
}

export async function memberPages(
  app: FastifyInstance,
  options: MemberPagesOptions,
): Promise<void> {
  const ctx = options.identity;
  const minLength = ctx.config.passwordMinLength;
  app.addHook("onRequest", (request, reply, done) => {
    if (request.url.startsWith("/members/")) allowFramingByAllowedOrigins(ctx, request, reply);
    done();
  });
  // Login CSRF: a form posted from another site's page lacks the form cookie's token.
  app.addHook("preHandler", async (request, reply) => {
    if (request.method !== "POST" || !FORM_GUARDED.has(request.routeOptions.url ?? "")) return;
    if (formTokenValid(ctx.key, request, fieldOf(request.body, FORM_FIELD))) return;
    const session = fieldOf(request.body, "session") || null;
    const form = new ApiError("MEMBER_FORM_EXPIRED").message;
    return sendPage(reply, signInPage({ session, errors: { form } }), 403);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" || !payload.includes('<form method="post"')) return payload;
    return withFormToken(payload, formToken(ctx.key, request, reply));
  });

  for (const [path, asset] of Object.entries(ASSETS)) {
    app.get(path, async (_request, reply) =>
      reply.type(asset.type).header("cache-control", "public, max-age=3600").send(asset.body),
    );
  }

  /** The member signed in on these pages (cookie), if active and the session is live. */
  function browserMember(request: FastifyRequest): PageMember | null {
    return pageMember(ctx, readMemberCookie(request, MEMBER_SESSION_COOKIE));
  }

  function csrfMember(request: FastifyRequest) {
    const member = browserMember(request);
    if (member === null) return null;
    const sent = fieldOf(request.body, "csrf");
    return isPageCsrf(ctx, member, sent) ? member : null;
  }

  function errorPage(reply: FastifyReply, message: string, status = 400) {
    return sendPage(reply, messagePage("Something is not right", message), status);
  }

  /** Sends the code (or an OAuth error) to the flow's redirect URI, or posts it to the frame. */
  function deliver(
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
  function complete(
    request: FastifyRequest,
    reply: FastifyReply,
    identity: IdentityRow,
    session: string,
    authAt: number | null,
  ) {
    const member = browserMember(request);
    let pageSession = member?.sid;
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
      return reply.code(303).header("cache-control", "no-store").redirect("/members/account", 303);
    }
    endRedirectSession(ctx, session);
    const code = issueAuthorizationCode(ctx, {
      identityId: identity.id,
      clientId: intent.clientId,
      redirectUri: intent.redirectUri,
      codeChallenge: intent.codeChallenge,
      pageSession,
    });
    return deliver(request, reply, intent, { code });
  }

  /** What the member sees after credentials or a code were accepted. */
  function continueWith(
    request: FastifyRequest,
    reply: FastifyReply,
    outcome: AuthOutcome,
    session: string,
  ) {
    switch (outcome.state) {
      case "SUCCESS": {
        const signIn = takeSignIn(ctx, outcome.sessionToken, outcome.identity.id);
        if (signIn === null) return errorPage(reply, "Your sign-in could not be completed.");
        return complete(request, reply, signIn.identity, session, signIn.authAt);
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

  app.get("/members/authorize", async (request, reply) => {
    const session = fieldOf(request.query, "session");
    const intent = findRedirectSession(ctx, session);
    if (intent === null) {
      return errorPage(
        reply,
        "This sign-in link is invalid or has expired. Go back and try again.",
      );
    }
    const member = browserMember(request);
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
      return complete(request, reply, fromToken.identity, session, fromToken.authAt);
    }
    if (intent.prompt === "none") {
      if (member !== null) return complete(request, reply, member.identity, session, null);
      endRedirectSession(ctx, session);
      return deliver(request, reply, intent, {
        error: "login_required",
        error_description: "The member is not signed in",
      });
    }
    return sendPage(reply, signInPage({ session, continueAs: member?.identity.email }));
  });

  app.post("/members/continue", async (request, reply) => {
    const session = fieldOf(request.body, "session");
    const member = browserMember(request);
    if (member === null) return sendPage(reply, signInPage({ session }));
    return complete(request, reply, member.identity, session, null);
  });

  app.get("/members/sign-in", async (request, reply) => {
    const session = fieldOf(request.query, "session") || null;
    return sendPage(
      reply,
      signInPage({ session, continueAs: browserMember(request)?.identity.email }),
    );
  });

  app.post("/members/sign-in", async (request, reply) => {
    const body = request.body;
    const session = fieldOf(body, "session");
    const email = fieldOf(body, "email");
    try {
      const device = readMemberCookie(request, MEMBER_DEVICE_COOKIE);
      const outcome = await login(ctx, {
        email,
        password: fieldOf(body, "password"),
        captchaTokens: undefined,
        skipCaptcha: true,
        address: request.ip,
        ...(device === undefined ? {} : { deviceToken: device }),
      });
      return continueWith(request, reply, outcome, session);
    } catch (error) {
      const message = explain(error);
      return sendPage(
        reply,
        signInPage({ session, email, errors: { form: message, formField: "password" } }),
        statusOf(error),
      );
    }
  });

  app.get("/members/sign-up", async (request, reply) => {
    const session = fieldOf(request.query, "session") || null;
    return sendPage(reply, signUpPage({ session, passwordMinLength: minLength }));
  });

  app.post("/members/sign-up", async (request, reply) => {
    const body = request.body;
    const session = fieldOf(body, "session");
    const email = fieldOf(body, "email");
    const firstName = fieldOf(body, "firstName");
    try {
      const outcome = await register(ctx, {
        email,
        password: fieldOf(body, "password"),
        profile: firstName === "" ? {} : { firstName },
        captchaTokens: undefined,
        skipCaptcha: true,
        address: request.ip,
      });
      return continueWith(request, reply, outcome, session);
    } catch (error) {
      const errors: Record<string, string> = {};
      if (error instanceof ApiError && error.violations.length > 0) {
        for (const v of error.violations) {
          const name = v.field === "loginId.email" ? "email" : v.field.replace(/^profile\./, "");
          errors[name] =
            `${name === "email" ? "E-mail" : name === "password" ? "Password" : "This field"} ${v.description}.`;
        }
        errors.form = "Check the highlighted fields.";
      } else {
        errors.form = explain(error);
        errors.formField = "email";
      }
      return sendPage(
        reply,
        signUpPage({ session, email, firstName, errors, passwordMinLength: minLength }),
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
      return continueWith(request, reply, outcome, session);
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

  app.post("/members/second-factor", async (request, reply) => {
    const body = request.body;
    const session = fieldOf(body, "session");
    const stateToken = fieldOf(body, "stateToken");
    const code = fieldOf(body, "code").trim();
    try {
      const result = await verifyFactor(ctx, {
        stateToken,
        factorType: /^\d{6}$/.test(code.replace(/\s+/g, "")) ? "TOTP" : "RECOVERY_CODE",
        code,
        rememberThisDevice: fieldOf(body, "remember") === "on",
        address: request.ip,
      });
      if (result.deviceToken !== null) {
        reply.header(
          "set-cookie",
          memberCookie(request, MEMBER_DEVICE_COOKIE, result.deviceToken, TTL.device),
        );
      }
      return continueWith(request, reply, result.outcome, session);
    } catch (error) {
      if (peekToken(ctx, "state", stateToken) === null) {
        return sendPage(
          reply,
          signInPage({ session, errors: { form: `${explain(error)} Sign in again.` } }),
          statusOf(error),
        );
      }
      return sendPage(
        reply,
        secondFactorPage({ session, stateToken, errors: { code: explain(error) } }),
        statusOf(error),
      );
    }
  });

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
        origin: linkOrigin(ctx, request),
        redirectUrl: null,
      });
    } catch (error) {
      return sendPage(
        reply,
        forgotPasswordPage({ session, email, errors: { email: explain(error) } }),
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
      if (error instanceof ApiError && error.violations.length > 0) {
        const description = error.violations[0]?.description ?? "is not valid";
        return sendPage(
          reply,
          resetPasswordPage({
            token,
            errors: { password: `Password ${description}.` },
            passwordMinLength: minLength,
          }),
          400,
        );
      }
      return errorPage(reply, explain(error), statusOf(error));
    }
  });

  app.get("/members/account", async (request, reply) => {
    const member = browserMember(request);
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
    const member = csrfMember(request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    const enrolment = await startTotpEnrolment(ctx, member.identity);
    return sendPage(reply, totpEnrolmentPage({ csrf: pageCsrf(ctx, member), ...enrolment }));
  });

  app.post("/members/account/two-factor/confirm", async (request, reply) => {
    const member = csrfMember(request);
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
    const member = csrfMember(request);
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
    const member = csrfMember(request);
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

  app.post("/members/sign-out", async (request, reply) => {
    const member = csrfMember(request);
    const signedIn = browserMember(request);
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
