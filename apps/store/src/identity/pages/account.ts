/**
 * @module The signed-in member's account page (account-views.ts) and its two-step verification
 * forms; the other changes are in account-changes.ts.
 */
import type { FastifyInstance } from "fastify";
import {
  confirmFactorChange,
  isRecentSignIn,
  startFactorChange,
  turnFactorOff,
} from "../factor-change.ts";
import type { IdentityContext } from "../identity-context.ts";
import { memberName } from "../member-name.ts";
import { pageCsrf } from "../page-sessions.ts";
import { toWirePasskey } from "../passkey-ceremony.ts";
import { listSessions } from "../session-list.ts";
import { pendingEnrolment } from "../totp.ts";
import {
  type AccountDeps,
  accountChangePages,
  proofError,
  type RenderAccount,
} from "./account-changes.ts";
import { passkeysSection } from "./account-passkey-views.ts";
import { passkeyPages } from "./account-passkeys.ts";
import { accountPage } from "./account-views.ts";
import {
  browserMember,
  csrfMember,
  errorPage,
  explain,
  fieldOf,
  sendPage,
  statusOf,
} from "./page-helpers.ts";
import { recoveryCodesPage, totpEnrolmentPage } from "./views.ts";

/** A refused change of the factor, on the field that can put it right. */
function factorErrors(error: unknown): Record<string, string> {
  return proofError(error, "password") ?? { code: explain(error) };
}

export function accountPages(app: FastifyInstance, ctx: IdentityContext, deps: AccountDeps): void {
  const account: RenderAccount = (member, { notice, errors }) => {
    const identity = ctx.store.byId(member.identity.id) ?? member.identity;
    const totpEnabled = identity.totpSecret != null;
    // Without a factor the page has no code field: its error is the form's.
    const shown = errors?.code !== undefined && !totpEnabled ? { form: errors.code } : errors;
    return accountPage({
      email: identity.email,
      name: memberName(identity.profile),
      csrf: pageCsrf(ctx, member),
      totpEnabled,
      passwordNeeded: !isRecentSignIn(ctx, member.sid),
      passwordMinLength: ctx.config.passwordMinLength,
      sessions: listSessions(ctx.sessions, identity.id, member.sid),
      passkeys: passkeysSection({
        csrf: pageCsrf(ctx, member),
        passkeys: ctx.passkeys.ofIdentity(identity.id).map(toWirePasskey),
        passwordNeeded: !isRecentSignIn(ctx, member.sid),
        errors: shown ?? {},
      }),
      signIns: ctx.signIns.listOf(identity.id),
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

  accountChangePages(app, ctx, deps, account);
  passkeyPages(app, ctx, account);
}
