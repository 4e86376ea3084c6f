/**
 * @module The owner's session: state, sign-in (rate limited per client, with a process-wide cap on
 * verifications at once, one answer for any wrong password), first-password setup through a
 * one-time link, and sign-out.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clearedSessionCookie, isHttpsRequest, sessionCookie } from "../../auth/cookies.ts";
import type { OwnerSession, OwnerSessions } from "../../auth/owner-sessions.ts";
import {
  hashPassword,
  PASSWORD_MAX_LENGTH,
  passwordProblem,
  verifyPassword,
} from "../../auth/password.ts";
import { ApiError, validationError, violation } from "../../errors.ts";
import type { Semaphore } from "../../limits/semaphore.ts";
import type { OwnerCredentials } from "../credentials.ts";
import { bodyObject, requiredString } from "../owner-guard.ts";
import type { SignInLimiter } from "../sign-in-limiter.ts";

export type SessionRoutesDeps = {
  credentials: OwnerCredentials;
  sessions: OwnerSessions;
  limiter: SignInLimiter;
  /** Password verifications allowed at once (process-wide by default). */
  verifications: Semaphore;
  idleMs: number;
};

const BUSY_RETRY_AFTER_SECONDS = 1;

function signedIn(session: OwnerSession, idleMs: number) {
  return {
    signedIn: true,
    csrfToken: session.csrfToken,
    expiresAt: new Date(session.expiresAt).toISOString(),
    idleTimeoutSeconds: Math.round(idleMs / 1000),
  };
}

export function registerSessionRoutes(app: FastifyInstance, deps: SessionRoutesDeps): void {
  const { credentials, sessions, limiter, verifications, idleMs } = deps;

  function startSession(request: FastifyRequest, reply: FastifyReply) {
    if (request.owner !== null) sessions.end(request.owner.session.id);
    const session = sessions.create();
    reply.header("set-cookie", sessionCookie(session.id, isHttpsRequest(request)));
    return signedIn(session, idleMs);
  }

  app.get("/api/session", async (request) => {
    if (request.owner !== null) return signedIn(request.owner.session, idleMs);
    return { signedIn: false, passwordSet: credentials.hasPassword() };
  });

  // Everything before the first await runs at once per request, so parallel guesses are
  // counted (and turned away) before any of them reaches argon2.
  app.post("/api/sign-in", async (request, reply) => {
    const password = bodyObject(request).password;
    const limited = limiter.retryAfterSeconds(request.ip);
    if (limited > 0) {
      reply.header("retry-after", String(limited));
      throw new ApiError("OWNER_SIGN_IN_LIMITED", [Math.ceil(limited / 60)]);
    }
    const release = verifications.tryAcquire();
    if (release === null) {
      reply.header("retry-after", String(BUSY_RETRY_AFTER_SECONDS));
      throw new ApiError("SIGN_IN_BUSY");
    }
    // The check above only spares the semaphore; this count is the one that holds across
    // processes (another node may have used the last attempt in between).
    const wait = limiter.beginAttempt(request.ip);
    if (wait > 0) {
      release();
      reply.header("retry-after", String(wait));
      throw new ApiError("OWNER_SIGN_IN_LIMITED", [Math.ceil(wait / 60)]);
    }
    const candidate =
      typeof password === "string" ? password.slice(0, PASSWORD_MAX_LENGTH * 4) : "";
    let valid: boolean;
    try {
      valid = await verifyPassword(credentials.passwordHash(), candidate, request.log);
    } finally {
      release();
    }
    if (!valid) throw new ApiError("OWNER_WRONG_PASSWORD");
    limiter.reset(request.ip);
    return startSession(request, reply);
  });

  app.post("/api/setup", async (request, reply) => {
    const body = bodyObject(request);
    const token = requiredString(body, "token");
    if (credentials.hasPassword()) throw new ApiError("OWNER_PASSWORD_ALREADY_SET");
    const problem = passwordProblem(body.password);
    if (problem !== null) {
      throw validationError([violation("password", problem, "FORMAT")], "invalid password");
    }
    if (!credentials.consumeSetupToken(token)) throw new ApiError("OWNER_SETUP_LINK_INVALID");
    credentials.setPasswordHash(await hashPassword(body.password as string));
    return startSession(request, reply);
  });

  app.post("/api/sign-out", async (request, reply) => {
    const owner = request.owner;
    if (owner !== null) {
      if (!owner.csrfValid) throw new ApiError("OWNER_CSRF_INVALID");
      sessions.end(owner.session.id);
    }
    reply.header("set-cookie", clearedSessionCookie(isHttpsRequest(request)));
    return { signedIn: false, passwordSet: credentials.hasPassword() };
  });
}
