/**
 * @module The editor's session: state, sign-in through the identity service (rate limited per
 * client and per account unless the browser has the account's device cookie, a process-wide
 * cap on verifications at once with a fair wait, one answer for any wrong password, then the
 * second factor when it is on), first-password setup through a one-time
 * link, passkey sign-in (alone or as the second step), sign-out, and "sign out everywhere".
 */
import type {
  SecondFactorStep,
  SessionState,
  SignedInState,
  SignedOutState,
} from "@consultant/site-content/wire";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuditLog, IdentityContext, OwnerSessions } from "../../identity/index.ts";
import {
  EDITOR_KNOWN_DEVICE_COOKIE,
  hashPassword,
  normaliseEmail,
  type OwnerAccess,
  passkeyOptions,
  passwordProblem,
  readDeviceCookie,
  relyingPartyFor,
  rememberKnownDevice,
  requireOwner,
  type StaffOutcome,
  staffPasskeyFactor,
  staffPasskeySignIn,
  staffPasswordSignIn,
  staffSecondFactor,
} from "../../identity/index.ts";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { bodyObject, requiredString } from "../../platform/http/body-object.ts";
import {
  clearedSessionCookie,
  isHttpsRequest,
  sessionCookie,
} from "../../platform/http/cookies.ts";
import type { OwnerCredentials } from "../credentials.ts";
import type { SignInLimiter } from "../sign-in-limiter.ts";
import { refuseCrossSiteSignIn } from "./sign-in-origin.ts";

export type SessionRoutesDeps = {
  credentials: OwnerCredentials;
  sessions: OwnerSessions;
  limiter: SignInLimiter;
  identity: IdentityContext;
  idleMs: number;
  /** Staff sign-ins are entries of the owner's audit log. */
  audit: AuditLog;
};

/** The owner's address given at setup (optional: the command line sets none), checked first. */
function setupEmail(value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  const email = normaliseEmail(value);
  if (email === null) {
    throw validationError([violation("email", "must be a valid e-mail address", "FORMAT")]);
  }
  return email;
}

function signedIn(
  owner: Pick<OwnerAccess, "session" | "role" | "email">,
  idleMs: number,
): SignedInState {
  return {
    signedIn: true,
    csrfToken: owner.session.csrfToken,
    expiresAt: new Date(owner.session.expiresAt).toISOString(),
    idleTimeoutSeconds: Math.round(idleMs / 1000),
    role: owner.role,
    email: owner.email,
  };
}

export function registerSessionRoutes(app: FastifyInstance, deps: SessionRoutesDeps): void {
  const { credentials, sessions, limiter, idleMs, identity, audit } = deps;
  // What signs a browser in takes only the editor page's own JSON (login CSRF).
  const signInOnly = { preHandler: refuseCrossSiteSignIn };

  function answer(
    outcome: StaffOutcome,
    request: FastifyRequest,
    reply: FastifyReply,
  ): SignedInState | SecondFactorStep {
    if (outcome.state === "REQUIRE_MFA") {
      return { signedIn: false, secondFactorRequired: true, stateToken: outcome.stateToken };
    }
    if (request.owner !== null) {
      identity.sessions.end(request.owner.session.sid, "sign_out");
      sessions.end(request.owner.session.id);
    }
    const sid = identity.sessions.start({
      identityId: outcome.identity.id,
      channel: "page",
      authAt: identity.now(),
      client: { userAgent: request.headers["user-agent"], address: request.ip },
      role: outcome.identity.role,
    });
    const session = sessions.create(outcome.identity.id, sid);
    identity.store.recordSignIn(outcome.identity.id, identity.now());
    audit.record({
      actorId: outcome.identity.id,
      actorKind: outcome.identity.role === "editor" ? "editor" : "owner",
      action: "account.sign-in",
      address: request.ip,
    });
    reply.header("set-cookie", sessionCookie(session.id, isHttpsRequest(request)));
    rememberKnownDevice(identity, request, reply, outcome.identity.id, EDITOR_KNOWN_DEVICE_COOKIE);
    return signedIn(
      { session, role: outcome.identity.role, email: outcome.identity.email },
      idleMs,
    );
  }

  app.get("/api/session", async (request): Promise<SessionState> => {
    if (request.owner !== null) {
      const twoFactor = identity.store.byId(request.owner.session.identityId)?.totpSecret != null;
      const publicUrlSet = identity.config.publicUrl !== null;
      return { ...signedIn(request.owner, idleMs), twoFactor, publicUrlSet };
    }
    return { signedIn: false, passwordSet: credentials.hasPassword() };
  });

  // Everything before the first await runs at once per request, so parallel guesses are
  // counted (and turned away) before any of them reaches argon2. A browser with the account's
  // device cookie is exempt from the per-client limit (docs/security.md, "Device cookies").
  app.post("/api/sign-in", signInOnly, async (request, reply) => {
    const body = bodyObject(request);
    const outcome = await staffPasswordSignIn(identity, {
      email: body.email,
      password: body.password,
      address: request.ip,
      knownDevice: readDeviceCookie(request, EDITOR_KNOWN_DEVICE_COOKIE),
      untrustedClient: () => {
        const wait = limiter.beginAttempt(request.ip);
        if (wait > 0) {
          reply.header("retry-after", String(wait));
          throw new ApiError("OWNER_SIGN_IN_LIMITED", [Math.ceil(wait / 60)]);
        }
      },
    });
    limiter.reset(request.ip);
    return answer(outcome, request, reply);
  });

  app.post("/api/sign-in/code", signInOnly, async (request, reply) => {
    const body = bodyObject(request);
    const outcome = await staffSecondFactor(identity, {
      stateToken: body.stateToken,
      code: body.code,
      address: request.ip,
    });
    return answer(outcome, request, reply);
  });

  // Passkeys: alone, or with `stateToken` as the second step.
  app.post("/api/sign-in/passkey/options", async (request) => {
    const body = bodyObject(request);
    const rp = relyingPartyFor(identity, request);
    return passkeyOptions(identity, rp, { stateToken: body.stateToken, address: request.ip });
  });

  app.post("/api/sign-in/passkey", signInOnly, async (request, reply) => {
    const body = bodyObject(request);
    const rp = relyingPartyFor(identity, request);
    const input = {
      challengeId: body.challengeId,
      credential: body.credential,
      address: request.ip,
    };
    if (body.stateToken !== undefined) {
      const outcome = await staffPasskeyFactor(identity, rp, {
        ...input,
        stateToken: body.stateToken,
      });
      return answer(outcome, request, reply);
    }
    const wait = limiter.beginAttempt(request.ip);
    if (wait > 0) {
      reply.header("retry-after", String(wait));
      throw new ApiError("OWNER_SIGN_IN_LIMITED", [Math.ceil(wait / 60)]);
    }
    const outcome = await staffPasskeySignIn(identity, rp, input);
    limiter.reset(request.ip);
    return answer(outcome, request, reply);
  });

  app.post("/api/setup", signInOnly, async (request, reply) => {
    const body = bodyObject(request);
    const token = requiredString(body, "token");
    if (credentials.hasPassword()) throw new ApiError("OWNER_PASSWORD_ALREADY_SET");
    const problem = passwordProblem(body.password);
    if (problem !== null) {
      throw validationError([violation("password", problem, "FORMAT")], "invalid password");
    }
    await identity.passwordScreen.check(body.password as string);
    const email = setupEmail(body.email);
    if (!credentials.consumeSetupToken(token)) throw new ApiError("OWNER_SETUP_LINK_INVALID");
    credentials.setPasswordHash(await hashPassword(body.password as string));
    const found = identity.store.withRole("owner")[0];
    if (found === undefined) throw new ApiError("OWNER_WRONG_PASSWORD");
    // Taken by a member already: the owner sets another one under Account.
    if (email !== null && email !== found.email)
      identity.store.setEmail(found.id, email, identity.now());
    const owner = identity.store.byId(found.id) ?? found;
    identity.signIns.record({
      identityId: owner.id,
      outcome: "success",
      method: "setup-link",
      address: request.ip,
      userAgent: request.headers["user-agent"],
    });
    return answer({ state: "SUCCESS", identity: { ...owner, role: "owner" } }, request, reply);
  });

  app.post("/api/sign-out", async (request, reply): Promise<SignedOutState> => {
    const owner = request.owner;
    if (owner !== null) {
      if (!owner.csrfValid) throw new ApiError("OWNER_CSRF_INVALID");
      identity.sessions.end(owner.session.sid, "sign_out");
      sessions.end(owner.session.id);
    }
    reply.header("set-cookie", clearedSessionCookie(isHttpsRequest(request)));
    return { signedIn: false, passwordSet: credentials.hasPassword() };
  });

  app.post(
    "/api/sign-out-everywhere",
    { preHandler: requireOwner },
    async (request, reply): Promise<SignedOutState> => {
      const identityId = (request.owner as OwnerAccess).session.identityId;
      identity.sessions.endAllOf(identityId, "sign_out");
      sessions.endAllOf(identityId);
      reply.header("set-cookie", clearedSessionCookie(isHttpsRequest(request)));
      return { signedIn: false, passwordSet: credentials.hasPassword() };
    },
  );
}
