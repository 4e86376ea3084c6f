/** @module Signing in on the members' pages: e-mail and password, then the second factor. */
import type { FastifyInstance } from "fastify";
import {
  MEMBER_DEVICE_COOKIE,
  memberCookie,
  readMemberCookie,
} from "../../platform/http/request-origin.ts";
import {
  MEMBER_KNOWN_DEVICE_COOKIE,
  readDeviceCookie,
  rememberKnownDevice,
} from "../device-trust.ts";
import { TTL } from "../identity-config.ts";
import { type IdentityContext, peekToken } from "../identity-context.ts";
import { login } from "../login.ts";
import { verifyFactor } from "../second-factor.ts";
import { continueWith } from "./flow-completion.ts";
import { browserMember, explain, fieldOf, sendPage, statusOf } from "./page-helpers.ts";
import { secondFactorPage, signInPage } from "./views.ts";

export function signInPages(app: FastifyInstance, ctx: IdentityContext): void {
  app.get("/members/sign-in", async (request, reply) => {
    const session = fieldOf(request.query, "session") || null;
    return sendPage(
      reply,
      signInPage({ session, continueAs: browserMember(ctx, request)?.identity.email }),
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
        knownDevice: readDeviceCookie(request, MEMBER_KNOWN_DEVICE_COOKIE),
        ...(device === undefined ? {} : { deviceToken: device }),
      });
      if (outcome.state === "SUCCESS") {
        rememberKnownDevice(ctx, request, reply, outcome.identity.id, MEMBER_KNOWN_DEVICE_COOKIE);
      }
      return continueWith(ctx, request, reply, outcome, session);
    } catch (error) {
      const message = explain(error);
      return sendPage(
        reply,
        signInPage({ session, email, errors: { form: message, formField: "password" } }),
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
        audience: "member",
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
      if (result.outcome.state === "SUCCESS") {
        const id = result.outcome.identity.id;
        rememberKnownDevice(ctx, request, reply, id, MEMBER_KNOWN_DEVICE_COOKIE);
      }
      return continueWith(ctx, request, reply, result.outcome, session);
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
}
