/**
 * @module The members' pages under `/members/`: the `fullUrl` of redirect sessions
 * (`/members/authorize`), sign in, sign up, the e-mail code, the second factor, forgot and
 * reset password, two-factor settings and sign-out. Server-rendered forms, no JavaScript
 * needed (but for `web_message`, whose script is a file). Codes only go to allowed URIs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { contentSecurityPolicy } from "../../platform/http/security-headers.ts";
import { MEMBERS_CSS, THEME_JS, WEB_MESSAGE_JS } from "../../platform/pages/assets.ts";
import {
  FORM_FIELD,
  formToken,
  formTokenValid,
  withFormToken,
} from "../../platform/pages/form-token.ts";
import {
  CSS_PATH,
  SITE_FRAME_MARK,
  THEME_SCRIPT_PATH,
  WEB_MESSAGE_SCRIPT_PATH,
} from "../../platform/pages/html.ts";
import { type SiteBrand, withSiteFrame } from "../../platform/pages/site-frame.ts";
import type { IdentityContext } from "../identity-context.ts";
import { allowedRedirectOrigins } from "../redirect-check.ts";
import { accountPages } from "./account.ts";
import type { AccountDeps } from "./account-changes.ts";
import { authorizePages } from "./authorize.ts";
import { fieldOf, sendPage } from "./page-helpers.ts";
import { PASSKEY_JS, PASSKEY_SCRIPT_PATH } from "./passkey-script.ts";
import { passwordResetPages } from "./password-reset.ts";
import { signInPages } from "./sign-in.ts";
import { signOutPages } from "./sign-out.ts";
import { signUpPages } from "./sign-up.ts";
import { messagePage, signInPage } from "./views.ts";

export type MemberPagesOptions = AccountDeps & {
  identity: IdentityContext;
  /** The site's name and logo for the pages' header (without it, a plain one). */
  brand?: () => SiteBrand;
};

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
  "/members/passkey",
]);

const ASSETS = {
  [CSS_PATH]: { body: MEMBERS_CSS, type: "text/css; charset=utf-8" },
  [WEB_MESSAGE_SCRIPT_PATH]: { body: WEB_MESSAGE_JS, type: "text/javascript; charset=utf-8" },
  [THEME_SCRIPT_PATH]: { body: THEME_JS, type: "text/javascript; charset=utf-8" },
  [PASSKEY_SCRIPT_PATH]: { body: PASSKEY_JS, type: "text/javascript; charset=utf-8" },
};

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

export async function memberPages(
  app: FastifyInstance,
  options: MemberPagesOptions,
): Promise<void> {
  const ctx = options.identity;
  const brand = options.brand ?? (() => ({ name: "", logoSrc: null }));
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
    if (typeof payload !== "string") return payload;
    const framed = payload.includes(SITE_FRAME_MARK) ? withSiteFrame(payload, brand()) : payload;
    if (!framed.includes('<form method="post"')) return framed;
    return withFormToken(framed, formToken(ctx.key, request, reply));
  });

  for (const [path, asset] of Object.entries(ASSETS)) {
    app.get(path, async (_request, reply) =>
      reply.type(asset.type).header("cache-control", "public, max-age=3600").send(asset.body),
    );
  }

  authorizePages(app, ctx);
  signInPages(app, ctx);
  signUpPages(app, ctx);
  passwordResetPages(app, ctx);
  accountPages(app, ctx, { memberData: options.memberData, audit: options.audit });
  signOutPages(app, ctx);
  // An address under /members/ that is no page: a browser gets a page in the site's design, a
  // program (the members' API under /members/api/ among them) the API's 404.
  app.get("/members/*", async (request, reply) => {
    const browser = (request.headers.accept ?? "").includes("text/html");
    if (!browser || request.url.startsWith("/members/api/")) return reply.callNotFound();
    const link: [string, string] = ["/members/client-area", "Go to your client area"];
    return sendPage(
      reply,
      messagePage("Page not found", "There is no page at this address.", link),
      404,
    );
  });
}
