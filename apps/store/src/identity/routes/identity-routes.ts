/**
 * @module The identity calls of docs/protocol.md §8 under `/_api/iam/...` (and the `/iam/...`
 * alternate): register, login, validate-email, change-password, sign-on, logout, factor verify,
 * recovery and verification. Bodies in, StateMachineResponse out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import {
  type CallerDeps,
  callerOfCredentials,
  holdsApiKey,
  readCredentials,
  requireApiKey,
} from "../../platform/http/caller.ts";
import {
  MEMBER_DEVICE_COOKIE,
  MEMBER_SESSION_COOKIE,
  mailLinkOrigin,
  memberCookie,
  readMemberCookie,
  trustedOrigin,
} from "../../platform/http/request-origin.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import {
  MEMBER_KNOWN_DEVICE_COOKIE,
  readDeviceCookie,
  rememberKnownDevice,
} from "../device-trust.ts";
import { TTL } from "../identity-config.ts";
import { type IdentityContext, normaliseEmail, peekToken } from "../identity-context.ts";
import { type AuthOutcome, toStateMachineResponse, toWireIdentity } from "../identity-view.ts";
import { login } from "../login.ts";
import { signOutPage } from "../page-sessions.ts";
import { relyingPartyFor } from "../passkey-ceremony.ts";
import { recover, sendActivationEmail, sendRecoveryEmail } from "../recovery.ts";
import { checkRedirectUri } from "../redirect-check.ts";
import { loginEmail, register } from "../register.ts";
import { readFactorType, verifyFactor } from "../second-factor.ts";
import { changePassword, signOn } from "../sign-on.ts";
import { resendCode, startVerification, verifyEmailCode } from "../verification.ts";

export type IdentityRoutesOptions = {
  identity: IdentityContext;
  caller: CallerDeps;
  clientId: string;
};

const PREFIXES = ["/_api/iam", "/iam"];

function body(request: FastifyRequest): Record<string, unknown> {
  if (!isPlainObject(request.body)) {
    throw validationError([violation("body", "must be a JSON object", "REQUIRED_FIELD")]);
  }
  return request.body;
}

/** Login answers application errors only: the SDK reads `applicationError.code` unguarded. */
function loginBody(request: FastifyRequest): Record<string, unknown> {
  return isPlainObject(request.body) ? request.body : {};
}

function send(outcome: AuthOutcome) {
  return toStateMachineResponse(outcome);
}

export async function identityRoutes(
  app: FastifyInstance,
  options: IdentityRoutesOptions,
): Promise<void> {
  const ctx = options.identity;
  const deviceToken = (request: FastifyRequest) => readMemberCookie(request, MEMBER_DEVICE_COOKIE);
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");
  /** Logout with a member's access token ends that token's session too. */
  const endCallersSession = (request: FastifyRequest) => {
    if (request.headers.authorization === undefined) return;
    try {
      const caller = callerOfCredentials(request.headers.authorization, options.caller);
      if (caller.role === "member" && caller.sid !== undefined) {
        ctx.sessions.end(caller.sid, "sign_out");
      }
    } catch {
      // A token already refused has nothing left to end.
    }
  };

  /** A browser that signs in gets the account's device cookie (device-trust.ts). */
  const rememberSignedIn = (request: FastifyRequest, reply: FastifyReply, outcome: AuthOutcome) => {
    if (outcome.state !== "SUCCESS") return;
    rememberKnownDevice(ctx, request, reply, outcome.identity.id, MEMBER_KNOWN_DEVICE_COOKIE);
  };

  /** A browser's request started by another site's page (Fetch Metadata). */
  const isCrossSite = (request: FastifyRequest): boolean => {
    const site = request.headers["sec-fetch-site"];
    return site !== undefined && site !== "same-origin" && site !== "none";
  };

  /** True when the request's member token names the member signed in with this browser cookie. */
  const isBrowserOfCaller = (request: FastifyRequest, session: string): boolean => {
    if (readCredentials(request.headers.authorization).length === 0) return false;
    try {
      const caller = callerOfCredentials(request.headers.authorization, options.caller);
      return (
        caller.role === "member" && peekToken(ctx, "browser", session)?.identityId === caller.id
      );
    } catch {
      return false;
    }
  };

  for (const prefix of PREFIXES) {
    const auth = `${prefix}/authentication`;

    app.post(`${auth}/v2/register`, async (request, reply) => {
      const b = body(request);
      noStore(reply);
      const outcome = await register(ctx, {
        email: loginEmail(b.loginId),
        password: b.password,
        profile: b.profile,
        captchaTokens: b.captchaTokens,
        address: request.ip,
      });
      ctx.signedUp(request);
      return send(outcome);
    });

    app.post(`${auth}/v2/login`, async (request, reply) => {
      const b = loginBody(request);
      noStore(reply);
      const device = deviceToken(request);
      const outcome = await login(ctx, {
        email: loginEmail(b.loginId),
        password: b.password,
        captchaTokens: b.captchaTokens,
        address: request.ip,
        knownDevice: readDeviceCookie(request, MEMBER_KNOWN_DEVICE_COOKIE),
        ...(device === undefined ? {} : { deviceToken: device }),
      });
      rememberSignedIn(request, reply, outcome);
      return send(outcome);
    });

    app.post(`${auth}/v2/validate-email`, async (request) => {
      const email = normaliseEmail(body(request).email);
      return email === null
        ? { valid: false, formatInvalid: true, failure: { reason: "EMAIL_DOMAIN_FORMAT_INVALID" } }
        : { valid: true, formatInvalid: false };
    });

    app.post(`${auth}/v2/change-password`, async (request) => {
      const caller = callerOfCredentials(request.headers.authorization, options.caller);
      if (caller.role !== "member") throw new ApiError("IDENTITY_MEMBER_REQUIRED");
      await changePassword(ctx, caller, body(request).newPassword);
      return {};
    });

    app.post(`${auth}/v2/sign-on`, async (request, reply) => {
      requireApiKey(request.headers.authorization, options.caller);
      const b = body(request);
      noStore(reply);
      const result = signOn(ctx, {
        email: loginEmail(b.loginId),
        profile: b.profile,
        verifyEmail: b.verifyEmail,
        mergeExistingContact: b.mergeExistingContact,
      });
      return { sessionToken: result.sessionToken, identity: toWireIdentity(result.identity) };
    });

    app.get(`${auth}/v1/logout`, async (request, reply) => {
      const query = request.query as Record<string, unknown>;
      const target = query.postLogoutRedirectUri;
      const origin = trustedOrigin(ctx, request);
      if (target !== undefined && !checkRedirectUri(ctx, request, target)) {
        throw new ApiError("REDIRECT_URI_NOT_ALLOWED", [String(target).slice(0, 200)]);
      }
      if (query.clientId !== undefined && query.clientId !== options.clientId) {
        throw new ApiError("INVALID_CLIENT", [String(query.clientId).slice(0, 200)]);
      }
      // Logout CSRF: a navigation from another site carries the cookie but not the member's token.
      const session = readMemberCookie(request, MEMBER_SESSION_COOKIE);
      if (session !== undefined && (!isCrossSite(request) || isBrowserOfCaller(request, session))) {
        signOutPage(ctx, session);
        reply.header("set-cookie", memberCookie(request, MEMBER_SESSION_COOKIE, "", 0));
      }
      endCallersSession(request);
      const location = typeof target === "string" ? target : `${origin ?? ""}/`;
      return {
        body: "",
        statusCode: 302,
        headers: [{ key: "Location", value: location }],
      };
    });

    const factorVerify = async (
      request: FastifyRequest,
      reply: FastifyReply,
      pathType?: string,
    ) => {
      const b = body(request);
      const factorType = readFactorType(pathType ?? b.factorType);
      if (factorType === null) {
        throw validationError([
          violation("factorType", "must be one of the factor types", "INVALID_ENUM_VALUE"),
        ]);
      }
      const data = (key: string) =>
        isPlainObject(b[key]) ? (b[key] as Record<string, unknown>) : {};
      const code =
        factorType === "RECOVERY_CODE" ? data("recoveryCodeData").code : data("totpData").code;
      const webauthn = data("webauthnData");
      const result = await verifyFactor(ctx, {
        audience: "member",
        stateToken: b.stateToken,
        factorType,
        code,
        rememberThisDevice: b.rememberThisDevice === true,
        address: request.ip,
        ...(factorType === "WEBAUTHN"
          ? {
              webauthn: {
                rp: relyingPartyFor(ctx, request),
                challengeId: webauthn.challengeId,
                credential: webauthn.credential,
              },
            }
          : {}),
      });
      if (result.deviceToken !== null) {
        reply.header(
          "set-cookie",
          memberCookie(request, MEMBER_DEVICE_COOKIE, result.deviceToken, TTL.device),
        );
      }
      noStore(reply);
      rememberSignedIn(request, reply, result.outcome);
      return send(result.outcome);
    };
    app.post(`${auth}/v2/verify`, (request, reply) => factorVerify(request, reply));
    app.post<{ Params: { factorType: string } }>(
      `${auth}/v2/:factorType/verify`,
      (request, reply) => factorVerify(request, reply, request.params.factorType),
    );

    const recovery = `${prefix}/recovery`;
    app.post(`${recovery}/v1/send-email`, async (request) => {
      const b = body(request);
      const origin = mailLinkOrigin(ctx, request);
      const redirect = isPlainObject(b.redirect) ? b.redirect : {};
      const url = redirect.url;
      if (url !== undefined && url !== null && url !== "" && !checkRedirectUri(ctx, request, url)) {
        throw new ApiError("REDIRECT_URI_NOT_ALLOWED", [String(url).slice(0, 200)]);
      }
      sendRecoveryEmail(ctx, {
        email: b.email,
        address: request.ip,
        origin,
        redirectUrl: typeof url === "string" && url !== "" ? url : null,
      });
      return {};
    });

    app.post(`${recovery}/v1/activation-email`, async (request) => {
      requireApiKey(request.headers.authorization, options.caller);
      await sendActivationEmail(ctx, {
        identityId: body(request).identityId,
        origin: mailLinkOrigin(ctx, request),
      });
      return {};
    });

    app.post(`${recovery}/v1/recover`, async (request, reply) => {
      const b = body(request);
      noStore(reply);
      const { outcome } = await recover(ctx, {
        recoveryToken: b.recoveryToken,
        password: b.password,
      });
      return send(outcome);
    });

    const verification = `${prefix}/verification`;
    const start = async (request: FastifyRequest) => {
      const b = body(request);
      if (b.target !== undefined && b.target !== "EMAIL") {
        throw validationError([violation("target", "must be EMAIL", "INVALID_ENUM_VALUE")]);
      }
      if (!holdsApiKey(request.headers.authorization, options.caller)) {
        const caller = callerOfCredentials(request.headers.authorization, options.caller);
        if (caller.role !== "member" || caller.id !== b.identityId) {
          throw new ApiError("IDENTITY_MEMBER_REQUIRED");
        }
      }
      return startVerification(ctx, b.identityId);
    };
    app.post(`${verification}/v1/start`, start);
    app.post(`${verification}/v1/Start`, start);

    app.post(`${verification}/v1/auth/verify`, async (request, reply) => {
      const b = body(request);
      noStore(reply);
      const device = deviceToken(request);
      return send(
        await verifyEmailCode(ctx, {
          stateToken: b.stateToken,
          code: b.code,
          address: request.ip,
          ...(device === undefined ? {} : { deviceToken: device }),
        }),
      );
    });

    app.post(`${verification}/v1/auth/resend`, async (request) => {
      await resendCode(ctx, { stateToken: body(request).stateToken, address: request.ip });
      return {};
    });
  }
}
