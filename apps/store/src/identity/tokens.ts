/**
 * @module OAuth tokens (docs/protocol.md §6): HS256 JWTs. Access tokens carry the role (visitor, or
 * member with the identity id), the subject id and an expiry; refresh tokens are typed as such
 * and never pass as access. Refreshing keeps the role. A member's tokens name their session
 * (`sid`), and a member's refresh token its generation (`gen`): each refresh issues the next
 * one (identity/sessions.ts decides whether a presented one is still good). Visitors' tokens
 * are stateless.
 */
import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { ApiError } from "../platform/errors.ts";
import type { TokenSubject } from "../platform/http/caller.ts";
import { createLruCache } from "../platform/http/lru-cache.ts";
import { createHs256Verifier, Hs256Error } from "./verify-hs256.ts";

/** Access token lifetime, as the hosted platform: 4 hours. */
export const ACCESS_TOKEN_TTL_SECONDS = 14_400;
export const REFRESH_TOKEN_TTL_SECONDS = 365 * 24 * 3600;
/** Verified access tokens kept in memory (about 200 bytes each). */
const VERIFIED_TOKEN_CACHE_SIZE = 10_000;

type TokenUse = "access" | "refresh";
type Verified = { subject: TokenSubject; exp: number; generation?: number };

export type VisitorTokens = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: "Bearer";
};

/**
 * Whom a token speaks for: an anonymous visitor, or a member (`id` is the identity id, `sid`
 * the session; missing only in a member token issued before sessions existed, refused).
 */
export type { TokenSubject };

/** A member's session and the generation of the refresh token to issue. */
export type MemberSession = { sid: string; generation: number };

export type TokenServiceOptions = {
  key: Uint8Array;
  clientId: string;
  /** Current time in ms; injected so expiry is testable. */
  now: () => number;
  /**
   * Told of a verification that failed for a reason other than a bad or expired token (a bug,
   * not the caller's fault); the caller still gets TOKEN_INVALID. console.error by default.
   */
  onUnexpectedError?: (error: unknown) => void;
};

const logToConsole = (error: unknown) =>
  console.error("store: token verification failed unexpectedly:", error);

export type TokenService = ReturnType<typeof createTokenService>;

export function createTokenService({
  key,
  clientId,
  now,
  onUnexpectedError = logToConsole,
}: TokenServiceOptions) {
  const seconds = () => Math.floor(now() / 1000);

  function sign(
    use: TokenUse,
    subject: TokenSubject,
    ttl: number,
    generation?: number,
  ): Promise<string> {
    const issuedAt = seconds();
    const claims: Record<string, unknown> = { token_use: use, role: subject.role, cid: clientId };
    if (subject.sid !== undefined) claims.sid = subject.sid;
    if (generation !== undefined) claims.gen = generation;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(subject.id)
      .setJti(randomUUID())
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttl)
      .sign(key);
  }

  // The SDK treats a token as expired only once `exp < now` (whole seconds), so the second
  // equal to `exp` must still be accepted: a tolerance of 1 s with jose's `exp <= now - tolerance`.
  const verifyHs256 = createHs256Verifier(key, 1);
  // Access tokens already verified, with their expiry: a hit costs a map lookup, not an HMAC.
  // A session's liveness is not kept here: callers check it on every request
  // (platform/http/caller.ts).
  const verifiedAccess = createLruCache<string, Verified>(VERIFIED_TOKEN_CACHE_SIZE);

  function verify(token: string, use: TokenUse): Verified {
    try {
      const payload = verifyHs256(token, seconds());
      const role = payload.role;
      if (
        payload.token_use !== use ||
        (role !== "visitor" && role !== "member") ||
        payload.cid !== clientId ||
        typeof payload.sub !== "string"
      ) {
        throw new ApiError("TOKEN_INVALID");
      }
      const subject: TokenSubject = { role, id: payload.sub };
      if (typeof payload.sid === "string") subject.sid = payload.sid;
      const verified: Verified = { subject, exp: payload.exp as number };
      if (typeof payload.gen === "number") verified.generation = payload.gen;
      return verified;
    } catch (error) {
      if (error instanceof Hs256Error && error.reason === "expired") {
        throw new ApiError("TOKEN_EXPIRED");
      }
      if (!(error instanceof Hs256Error || error instanceof ApiError)) onUnexpectedError(error);
      throw new ApiError("TOKEN_INVALID");
    }
  }

  async function issue(
    subject: TokenSubject,
    refreshToken?: string,
    generation?: number,
  ): Promise<VisitorTokens> {
    return {
      access_token: await sign("access", subject, ACCESS_TOKEN_TTL_SECONDS),
      refresh_token:
        refreshToken ?? (await sign("refresh", subject, REFRESH_TOKEN_TTL_SECONDS, generation)),
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      token_type: "Bearer",
    };
  }

  return {
    /** New tokens for a new anonymous visitor. */
    issueAnonymous(): Promise<VisitorTokens> {
      return issue({ role: "visitor", id: randomUUID() });
    },

    /** New tokens for a member (role `member`, subject = identity id) in a session. */
    issueMember(identityId: string, session: MemberSession): Promise<VisitorTokens> {
      return issue(
        { role: "member", id: identityId, sid: session.sid },
        undefined,
        session.generation,
      );
    },

    /**
     * A new access token for the refresh token's subject, same role. A visitor's refresh token
     * is returned as is; a member's is replaced by the generation `renew` answers, which vetoes
     * (throws) ended sessions and retired refresh tokens.
     * @throws ApiError INVALID_GRANT when the refresh token is invalid or expired, or is a
     *   member's without a session (issued before sessions existed), or `renew` refuses it.
     */
    async refresh(
      refreshToken: string,
      renew: (subject: TokenSubject & { sid: string }, generation: number) => number,
    ): Promise<VisitorTokens> {
      try {
        const { subject, generation } = verify(refreshToken, "refresh");
        if (subject.role === "visitor") return await issue(subject, refreshToken);
        const { sid } = subject;
        if (sid === undefined || generation === undefined) throw new ApiError("INVALID_GRANT");
        const next = renew({ ...subject, sid }, generation);
        return await issue(subject, undefined, next);
      } catch (error) {
        if (error instanceof ApiError) throw new ApiError("INVALID_GRANT");
        throw error;
      }
    },

    /**
     * Checks an access token.
     * @throws ApiError TOKEN_EXPIRED or TOKEN_INVALID.
     */
    verifyAccess(token: string): TokenSubject {
      const cached = verifiedAccess.get(token);
      if (cached !== undefined) {
        if (cached.exp > seconds() - 1) return cached.subject;
        verifiedAccess.delete(token);
        throw new ApiError("TOKEN_EXPIRED");
      }
      const verified = verify(token, "access");
      verifiedAccess.set(token, verified);
      return verified.subject;
    },
  };
}
