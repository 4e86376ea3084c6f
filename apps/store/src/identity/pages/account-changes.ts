/**
 * @module The account page's changes (account-views.ts): the name the member goes by, the
 * password, ending sessions, the export of their data and deleting the account. Each form
 * carries the page's CSRF token; the password and the deletion ask for a recent sign-in or the
 * password again (docs/security.md, Sessions and tokens).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { MEMBER_SESSION_COOKIE, memberCookie } from "../../platform/http/request-origin.ts";
import type { AuditLog } from "../audit/audit-log.ts";
import { requireRecentOrPassword } from "../factor-change.ts";
import type { IdentityContext } from "../identity-context.ts";
import type { MemberData } from "../member-data.ts";
import { MEMBER_NAME_MAX } from "../member-name.ts";
import { type PageMember, signOutEverywhere } from "../page-sessions.ts";
import { endOtherSessions, endOwnSession } from "../session-list.ts";
import { changePassword } from "../sign-on.ts";
import { csrfMember, explain, fieldOf, sendPage, statusOf } from "./page-helpers.ts";
import { messagePage } from "./views.ts";

/** What the account page reaches besides the identity: the member's data and the owner's log. */
export type AccountDeps = { memberData: MemberData; audit: AuditLog };

/** What the page shows after a change: a notice, or errors by field (`form`: the whole page). */
export type AccountOutcome = { notice?: string; errors?: Record<string, string> };

/** The account page of `member`, as it is now. */
export type RenderAccount = (member: PageMember, outcome: AccountOutcome) => string;

const PASSWORD_ERRORS = new Set(["IDENTITY_REAUTHENTICATION_REQUIRED", "IDENTITY_PASSWORD_WRONG"]);

/** A refused re-authentication, on the password field of the form that asked it. */
export function proofError(error: unknown, field: string): Record<string, string> | null {
  if (!(error instanceof ApiError) || !PASSWORD_ERRORS.has(error.code)) return null;
  return {
    [field]:
      error.code === "IDENTITY_PASSWORD_WRONG"
        ? "That password is not right."
        : "Enter your password to confirm it is you: you signed in more than 10 minutes ago.",
  };
}

const NEW_PASSWORD_CODES = new Set([
  "VALIDATION_FAILED",
  "PASSWORD_TOO_COMMON",
  "PASSWORD_BREACHED",
]);

/** A refused new password, on the field that can put it right. */
function passwordErrors(error: unknown): Record<string, string> {
  const proof = proofError(error, "currentPassword");
  if (proof !== null) return proof;
  if (error instanceof ApiError && NEW_PASSWORD_CODES.has(error.code)) {
    const violation = error.violations[0];
    return {
      newPassword:
        violation === undefined ? explain(error) : `The new password ${violation.description}.`,
    };
  }
  return { form: explain(error) };
}

export function accountChangePages(
  app: FastifyInstance,
  ctx: IdentityContext,
  deps: AccountDeps,
  account: RenderAccount,
): void {
  /** The member of a form posted from their own account page, or the way to sign in. */
  const change = (
    path: string,
    handle: (member: PageMember, body: unknown, reply: FastifyReply) => Promise<unknown>,
  ) =>
    app.post(path, async (request, reply) => {
      const member = csrfMember(ctx, request);
      if (member === null) return reply.redirect("/members/sign-in", 303);
      return handle(member, request.body, reply);
    });

  change("/members/account/name", async (member, body, reply) => {
    const name = fieldOf(body, "name").trim();
    const problem =
      name === ""
        ? "Enter your name."
        : name.length > MEMBER_NAME_MAX
          ? `Keep the name to at most ${MEMBER_NAME_MAX} characters.`
          : null;
    if (problem !== null)
      return sendPage(reply, account(member, { errors: { name: problem } }), 400);
    const identity = ctx.store.byId(member.identity.id) ?? member.identity;
    ctx.store.setProfile(identity.id, { ...identity.profile, nickname: name }, ctx.now());
    return sendPage(reply, account(member, { notice: "Your name is saved." }));
  });

  change("/members/account/password", async (member, body, reply) => {
    try {
      await requireRecentOrPassword(ctx, member, fieldOf(body, "currentPassword"));
      const newPassword = fieldOf(body, "newPassword");
      await changePassword(ctx, { id: member.identity.id, sid: member.sid }, newPassword);
    } catch (error) {
      return sendPage(reply, account(member, { errors: passwordErrors(error) }), statusOf(error));
    }
    const notice = "Your password is changed. Your other devices are signed out.";
    return sendPage(reply, account(member, { notice }));
  });

  change("/members/account/sessions/end", async (member, body, reply) => {
    try {
      endOwnSession(ctx.sessions, member.identity.id, fieldOf(body, "session"));
    } catch (error) {
      const errors = { form: "That session has already ended." };
      return sendPage(reply, account(member, { errors }), statusOf(error));
    }
    return sendPage(reply, account(member, { notice: "That session is ended." }));
  });

  change("/members/account/sessions/end-others", async (member, _body, reply) => {
    endOtherSessions(ctx.sessions, member.identity.id, member.sid);
    return sendPage(reply, account(member, { notice: "Every other session is ended." }));
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

  change("/members/account/export", async (member, _body, reply) => {
    const identity = ctx.store.byId(member.identity.id) ?? member.identity;
    const archive = deps.memberData.exportArchive(identity);
    const day = new Date(ctx.now()).toISOString().slice(0, 10);
    return reply
      .header("cache-control", "no-store")
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="account-${day}.zip"`)
      .send(Buffer.from(archive));
  });

  app.post("/members/account/delete", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    const body = request.body;
    if (fieldOf(body, "confirm") !== "on") {
      const errors = { confirm: "Tick the box to confirm: the deletion cannot be undone." };
      return sendPage(reply, account(member, { errors }), 400);
    }
    try {
      await requireRecentOrPassword(ctx, member, fieldOf(body, "confirmPassword"));
    } catch (error) {
      const errors = proofError(error, "confirmPassword") ?? { form: explain(error) };
      return sendPage(reply, account(member, { errors }), statusOf(error));
    }
    deps.memberData.erase(ctx.store.byId(member.identity.id) ?? member.identity);
    deps.audit.record({ actorKind: "member", action: "member.delete-own", address: request.ip });
    reply.header("set-cookie", memberCookie(request, MEMBER_SESSION_COOKIE, "", 0));
    return sendPage(
      reply,
      messagePage(
        "Your account is deleted",
        "Your account and everything the site kept about you are removed.",
        ["/", "Back to the site"],
      ),
    );
  });
}
