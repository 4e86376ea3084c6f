/**
 * @module `POST /oauth2/token` (protocol.md §6): anonymous, refresh_token, authorization_code
 * (PKCE S256) and authorized_client (API key; member id, optionally with a sign-on session
 * token) grants for the configured client id. JSON or form bodies, camelCase or snake_case.
 * Every member grant starts a session (identity/sessions.ts); a refresh rotates its token.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { type CallerDeps, readCredentials } from "../auth/caller.ts";
import type { TokenService } from "../auth/tokens.ts";
import { ApiError, validationError, violation } from "../errors.ts";
import { exchangeAuthorizationCode } from "../identity/authorization-codes.ts";
import { type IdentityContext, liveIdentity } from "../identity/identity-context.ts";
import { takeSignIn } from "../identity/sign-on.ts";
import { isPlainObject } from "../query/values.ts";

export type OauthRoutesOptions = {
  tokens: TokenService;
  clientId: string;
  /** Members (issue 10): the member grants and the member check on refresh. */
  identity: IdentityContext;
  caller: CallerDeps;
};

const GRANTS = new Set(["anonymous", "refresh_token", "authorization_code", "authorized_client"]);

function pick(body: Record<string, unknown>, camel: string, snake: string): unknown {
  return body[camel] ?? body[snake];
}

function requireString(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "") {
    throw validationError([violation(field, "must be a non-empty string", "REQUIRED_FIELD")]);
  }
  return value;
}

export async function oauthRoutes(
  app: FastifyInstance,
  options: OauthRoutesOptions,
): Promise<void> {
  app.post("/oauth2/token", async (request, reply) => {
    const body = request.body;
    if (!isPlainObject(body)) {
      throw validationError([
        violation("body", "must be a JSON or form-encoded object", "REQUIRED_FIELD"),
      ]);
    }
    const grantType = requireString(pick(body, "grantType", "grant_type"), "grantType");
    if (!GRANTS.has(grantType)) throw new ApiError("UNSUPPORTED_GRANT_TYPE", [grantType]);
    reply.header("cache-control", "no-store");
    // The SDK sends authorized_client without a client id (protocol.md §6.2).
    if (grantType === "authorized_client") return authorizedClient(request, body, options);
    const clientId = requireString(pick(body, "clientId", "client_id"), "clientId");
    if (clientId !== options.clientId) throw new ApiError("INVALID_CLIENT", [clientId]);
    if (grantType === "anonymous") return options.tokens.issueAnonymous();
    if (grantType === "authorization_code") {
      const { identityId, pageSession } = exchangeAuthorizationCode(options.identity, {
        code: requireString(pick(body, "code", "code"), "code"),
        clientId,
        redirectUri: pick(body, "redirectUri", "redirect_uri"),
        codeVerifier: pick(body, "codeVerifier", "code_verifier"),
      });
      const sid = options.identity.sessions.startFromPage(pageSession, clientOf(request));
      if (sid === null) {
        throw new ApiError("AUTHORIZATION_CODE_INVALID", [], {
          data: { reason: "the sign-in it came from has ended" },
        });
      }
      return signedIn(options, identityId, sid);
    }
    const refreshToken = requireString(pick(body, "refreshToken", "refresh_token"), "refreshToken");
    return options.tokens.refresh(refreshToken, (member, generation) =>
      options.identity.sessions.rotateRefresh(member.sid, member.id, generation),
    );
  });
}

function clientOf(request: FastifyRequest) {
  return { userAgent: request.headers["user-agent"], address: request.ip };
}

function isActive(identity: IdentityContext, id: string): boolean {
  return liveIdentity(identity, id)?.status === "ACTIVE";
}

/**
 * `authorized_client`: the owner's server, holding the API key, gets member tokens for a
 * member id; with `session_token` (from sign-on) the token must be that member's.
 */
async function authorizedClient(
  request: FastifyRequest,
  body: Record<string, unknown>,
  options: OauthRoutesOptions,
) {
  const credentials = readCredentials(request.headers.authorization);
  if (!credentials.some((credential) => options.caller.apiKeys.matches(credential))) {
    throw new ApiError("IDENTITY_API_KEY_REQUIRED");
  }
  const memberId = requireString(pick(body, "memberId", "member_id"), "member_id");
  const sessionToken = pick(body, "sessionToken", "session_token");
  const ctx = options.identity;
  if (sessionToken !== undefined) {
    const signIn = takeSignIn(ctx, sessionToken, memberId);
    if (signIn === null) throw new ApiError("IDENTITY_SESSION_TOKEN_INVALID");
    const sid = ctx.sessions.start({
      identityId: signIn.identity.id,
      channel: "token",
      authAt: signIn.authAt,
      client: clientOf(request),
    });
    return signedIn(options, signIn.identity.id, sid);
  }
  if (!isActive(ctx, memberId)) throw new ApiError("IDENTITY_NOT_FOUND", [memberId]);
  // The owner's server, holding the API key, vouches for the member as of now.
  const sid = ctx.sessions.start({
    identityId: memberId,
    channel: "token",
    authAt: ctx.now(),
    client: clientOf(request),
  });
  return signedIn(options, memberId, sid);
}

/** Member tokens, with the time of this sign-in kept for the owner's Members view. */
function signedIn(options: OauthRoutesOptions, memberId: string, sid: string) {
  options.identity.store.recordSignIn(memberId, options.identity.now());
  return options.tokens.issueMember(memberId, { sid, generation: 1 });
}
