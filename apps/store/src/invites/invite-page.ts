/**
 * @module The page an invited client opens from the mail (`/members/invite?token=`): it greets
 * them by name, says who invited them, and lets them choose a password; then they are a member
 * and sign in to their client area. Server-rendered, in the site's frame, no JavaScript needed.
 * A withdrawn, used or expired link is refused with a plain sentence.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { fieldOf, memberName, sendPage } from "../identity/index.ts";
import { ApiError } from "../platform/errors.ts";
import { mailOrigin } from "../platform/http/request-origin.ts";
import { errorSummary, field, hidden, html, page } from "../platform/pages/html.ts";
import { type SiteBrand, withSiteFrame } from "../platform/pages/site-frame.ts";
import { INVITE_PAGE_PATH } from "./invite-mails.ts";
import { acceptInvite, type InviteDeps, pendingInviteOf } from "./invite-service.ts";

/** Where the client signs in to reach their client area. */
/** The members' sign-in page, which lands in the client area (page/client-area/). */
const SIGN_IN_PATH = "/members/sign-in";

export type InvitePageDeps = InviteDeps & { brand: () => SiteBrand; passwordMinLength: number };

function formPage(
  deps: InvitePageDeps,
  input: { token: string; name: string; email: string; error?: string },
) {
  const inviter = deps.inviter();
  const errors = input.error === undefined ? {} : { password: input.error, form: input.error };
  return page({
    title: `Welcome, ${input.name}`,
    body: html`${errorSummary(errors)}
<p>${inviter.name} invited you to your client area. Choose a password to sign in with ${input.email}.</p>
<form method="post" action="${INVITE_PAGE_PATH}" novalidate>
${hidden("token", input.token)}
<input type="hidden" name="email" value="${input.email}" autocomplete="username">
${field({ name: "password", label: "Password", type: "password", autocomplete: "new-password", hint: `At least ${deps.passwordMinLength} characters.`, errors, autofocus: true })}
<button type="submit">Set my password</button>
</form>`,
  });
}

function refusedPage(deps: InvitePageDeps): string {
  return page({
    title: "This invitation cannot be used",
    body: html`<p>${new ApiError("INVITE_LINK_INVALID").message}. Ask ${deps.inviter().name} for a new one.</p>
<p><a href="${SIGN_IN_PATH}">Sign in</a> if you already chose a password.</p>`,
  });
}

export async function invitePage(app: FastifyInstance, deps: InvitePageDeps): Promise<void> {
  const send = (reply: FastifyReply, markup: string, status = 200) =>
    sendPage(reply, withSiteFrame(markup, deps.brand()), status);

  app.get(INVITE_PAGE_PATH, async (request, reply) => {
    const token = fieldOf(request.query, "token");
    const row = pendingInviteOf(deps, token);
    if (row === null) return send(reply, refusedPage(deps), 400);
    reply.header("referrer-policy", "no-referrer");
    return send(reply, formPage(deps, { token, name: row.name, email: row.email }));
  });

  app.post(INVITE_PAGE_PATH, async (request, reply) => {
    const token = fieldOf(request.body, "token");
    try {
      const member = await acceptInvite(deps, {
        token,
        password: fieldOf(request.body, "password"),
        origin: mailOrigin(deps.identity, request),
        address: request.ip,
      });
      const name = memberName(member.profile) ?? member.email;
      return send(
        reply,
        page({
          title: `Welcome, ${name}`,
          body: html`<p role="status">Your password is set. Sign in with ${member.email} to see what ${deps.inviter().name} shares with you.</p>
<p><a class="button" href="${SIGN_IN_PATH}">Sign in to your client area</a></p>`,
        }),
      );
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === "INVITE_LINK_INVALID") return send(reply, refusedPage(deps), 400);
      const row = pendingInviteOf(deps, token);
      if (row === null) return send(reply, refusedPage(deps), 400);
      const message =
        error.violations.length > 0
          ? `Password ${error.violations[0]?.description}.`
          : error.message;
      return send(
        reply,
        formPage(deps, { token, name: row.name, email: row.email, error: message }),
        error.status,
      );
    }
  });
}
