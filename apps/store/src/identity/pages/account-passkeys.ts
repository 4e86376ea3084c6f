/**
 * @module Passkeys on the members' pages: the account page's list (rename, remove) and adding
 * one, and signing in with one alone on the sign-in page. The browser's part is the passkey
 * script (passkey-script.ts): it fetches the options, asks the authenticator and posts the form
 * with the credential; adding asks for a recent sign-in or the password, as the API does
 * (docs/security.md, Sessions and tokens).
 */
import type { FastifyInstance } from "fastify";
import { ApiError } from "../../platform/errors.ts";
import { requireRecentOrPassword } from "../factor-change.ts";
import type { IdentityContext } from "../identity-context.ts";
import {
  finishRegistration,
  readPasskeyName,
  relyingPartyFor,
  startRegistration,
} from "../passkey-ceremony.ts";
import { memberPasskeySignIn } from "../passkey-sign-in.ts";
import type { RenderAccount } from "./account-changes.ts";
import { proofError } from "./account-changes.ts";
import { continueWith } from "./flow-completion.ts";
import { csrfMember, explain, fieldOf, sendPage, statusOf } from "./page-helpers.ts";
import { signInPage } from "./views.ts";

/** The credential the script posted as JSON, or null (no script ran, or not JSON). */
function credentialOf(body: unknown): unknown {
  try {
    return JSON.parse(fieldOf(body, "credential")) as unknown;
  } catch {
    return null;
  }
}

const NO_SCRIPT = "Passkeys need JavaScript in this browser: turn it on, or use another browser.";

export function passkeyPages(app: FastifyInstance, ctx: IdentityContext, account: RenderAccount) {
  app.post("/members/account/passkeys/options", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) throw new ApiError("MEMBER_FORM_EXPIRED");
    await requireRecentOrPassword(ctx, member, fieldOf(request.body, "passkeyPassword"));
    reply.header("cache-control", "no-store");
    return startRegistration(ctx, relyingPartyFor(ctx, request), member.identity);
  });

  app.post("/members/account/passkeys", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    const credential = credentialOf(request.body);
    if (credential === null)
      return sendPage(reply, account(member, { errors: { form: NO_SCRIPT } }), 400);
    try {
      ctx.sessions.requireRecentSignIn(member.sid);
      await finishRegistration(ctx, relyingPartyFor(ctx, request), member.identity, {
        challengeId: fieldOf(request.body, "challengeId"),
        credential,
        name: fieldOf(request.body, "passkeyName"),
      });
    } catch (error) {
      const errors = proofError(error, "passkeyPassword") ?? { form: explain(error) };
      return sendPage(reply, account(member, { errors }), statusOf(error));
    }
    return sendPage(reply, account(member, { notice: "Passkey added." }));
  });

  app.post("/members/account/passkeys/rename", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    try {
      const name = readPasskeyName(fieldOf(request.body, "name"));
      if (!ctx.passkeys.rename(member.identity.id, fieldOf(request.body, "passkey"), name)) {
        throw new ApiError("PASSKEY_NOT_FOUND", [""]);
      }
    } catch (error) {
      const form =
        error instanceof ApiError && error.code === "VALIDATION_FAILED"
          ? "A passkey's name is 1 to 100 characters."
          : "That passkey is no longer on your account.";
      return sendPage(reply, account(member, { errors: { form } }), statusOf(error));
    }
    return sendPage(reply, account(member, { notice: "The passkey is renamed." }));
  });

  app.post("/members/account/passkeys/remove", async (request, reply) => {
    const member = csrfMember(ctx, request);
    if (member === null) return reply.redirect("/members/sign-in", 303);
    if (!ctx.passkeys.remove(member.identity.id, fieldOf(request.body, "passkey"))) {
      const errors = { form: "That passkey is no longer on your account." };
      return sendPage(reply, account(member, { errors }), 404);
    }
    return sendPage(reply, account(member, { notice: "The passkey is removed." }));
  });

  app.post("/members/passkey", async (request, reply) => {
    const session = fieldOf(request.body, "session");
    const credential = credentialOf(request.body);
    try {
      if (credential === null) throw new ApiError("PASSKEY_NOT_ACCEPTED");
      const outcome = await memberPasskeySignIn(ctx, relyingPartyFor(ctx, request), {
        challengeId: fieldOf(request.body, "challengeId"),
        credential,
        address: request.ip,
      });
      return continueWith(ctx, request, reply, outcome, session);
    } catch (error) {
      const form = credential === null ? NO_SCRIPT : explain(error);
      return sendPage(reply, signInPage({ session, errors: { form } }), statusOf(error));
    }
  });
}
