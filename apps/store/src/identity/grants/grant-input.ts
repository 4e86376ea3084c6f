/**
 * @module What every grant of `POST /oauth2/token` reads (docs/protocol.md §6.2): the body in
 * either naming style, the client id, the caller's credentials and client, and the member tokens a
 * sign-in answers.
 */

import { ApiError, validationError, violation } from "../../platform/errors.ts";
import type { CallerDeps } from "../../platform/http/caller.ts";
import { type IdentityContext, liveIdentity } from "../identity-context.ts";
import type { SessionClient } from "../sessions.ts";
import type { TokenService } from "../tokens.ts";

export type GrantDeps = {
  tokens: TokenService;
  clientId: string;
  /** Members: the member grants and the member check on refresh. */
  identity: IdentityContext;
  caller: CallerDeps;
};

/** One token request: its body, its `Authorization` header and who sent it. */
export type GrantRequest = {
  body: Record<string, unknown>;
  authorization: string | undefined;
  client: SessionClient;
};

export type TokenAnswer = ReturnType<TokenService["issueAnonymous"]>;

export type Grant = (deps: GrantDeps, request: GrantRequest) => TokenAnswer;

/** A field sent as camelCase (the SDK's JSON) or snake_case (authorized_client, forms). */
export function pick(body: Record<string, unknown>, camel: string, snake: string): unknown {
  return body[camel] ?? body[snake];
}

/** @throws ApiError VALIDATION_ERROR (REQUIRED_FIELD) unless `value` is a non-empty string. */
export function requireString(value: unknown, field: string): string {
  if (typeof value !== "string" || value === "") {
    throw validationError([violation(field, "must be a non-empty string", "REQUIRED_FIELD")]);
  }
  return value;
}

/** @throws ApiError INVALID_CLIENT unless the body names the configured client id. */
export function requireClientId(deps: GrantDeps, body: Record<string, unknown>): string {
  const clientId = requireString(pick(body, "clientId", "client_id"), "clientId");
  if (clientId !== deps.clientId) throw new ApiError("INVALID_CLIENT", [clientId]);
  return clientId;
}

/** True when `identityId` is a member who may hold member tokens (never the owner or staff). */
export function isTokenMember(deps: GrantDeps, identityId: string): boolean {
  return liveIdentity(deps.identity, identityId)?.role === "member";
}

/**
 * Member tokens of session `sid`, with the time of this sign-in kept for the owner's Members view.
 * @throws ApiError INVALID_GRANT for a staff identity (docs/security.md: staff get no member tokens).
 */
export function signedIn(deps: GrantDeps, memberId: string, sid: string): TokenAnswer {
  if (!isTokenMember(deps, memberId)) throw new ApiError("INVALID_GRANT");
  deps.identity.store.recordSignIn(memberId, deps.identity.now());
  return deps.tokens.issueMember(memberId, { sid, generation: 1 });
}
