/**
 * @module OAuth authorization codes (docs/protocol.md §7): random, single use, short-lived, hashed
 * at rest, bound to the client id, the redirect URI and the PKCE S256 challenge.
 */
import { createHash } from "node:crypto";
import { ApiError } from "../platform/errors.ts";
import { sameSecret } from "../platform/secrets/secrets.ts";
import { TTL } from "./identity-config.ts";
import { type IdentityContext, issueToken, liveIdentity, takeToken } from "./identity-context.ts";

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** base64url(SHA-256(verifier)), the S256 challenge. */
export function s256Challenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

export type CodeBinding = {
  identityId: string;
  clientId: string;
  /** null for `web_message`, where the grant carries no redirect URI. */
  redirectUri: string | null;
  codeChallenge: string;
  /** The page session (sign-in) the code comes from: the tokens' session starts under it. */
  pageSession: string;
};

export function issueAuthorizationCode(ctx: IdentityContext, binding: CodeBinding): string {
  return issueToken(ctx, "auth_code", binding.identityId, TTL.authCode, {
    clientId: binding.clientId,
    redirectUri: binding.redirectUri,
    codeChallenge: binding.codeChallenge,
    pageSession: binding.pageSession,
  });
}

/**
 * Exchanges a code: it is used up whatever follows, so a second try fails even when the first
 * had a wrong verifier.
 * @returns the member's id and the page session the code comes from.
 * @throws ApiError AUTHORIZATION_CODE_INVALID (unknown, used, expired, another client, another
 *   redirect URI, PKCE mismatch, member blocked or deleted).
 */
export function exchangeAuthorizationCode(
  ctx: IdentityContext,
  input: { code: unknown; clientId: string; redirectUri: unknown; codeVerifier: unknown },
): { identityId: string; pageSession: string } {
  const row = takeToken(ctx, "auth_code", input.code);
  const refuse = (reason: string) =>
    new ApiError("AUTHORIZATION_CODE_INVALID", [], { data: { reason } });
  if (row === null) throw refuse("unknown, used or expired");
  const { clientId, redirectUri, codeChallenge, pageSession } = row.payload;
  if (clientId !== input.clientId) throw refuse("issued to another client");
  const sentUri =
    typeof input.redirectUri === "string" && input.redirectUri !== "" ? input.redirectUri : null;
  if ((redirectUri ?? null) !== sentUri) throw refuse("redirect URI does not match");
  const verifier = input.codeVerifier;
  if (
    typeof verifier !== "string" ||
    !VERIFIER.test(verifier) ||
    typeof codeChallenge !== "string" ||
    !sameSecret(s256Challenge(verifier), codeChallenge)
  ) {
    throw refuse("code verifier does not match the challenge");
  }
  const identity = liveIdentity(ctx, row.identityId);
  if (identity === null || identity.status !== "ACTIVE") throw refuse("member is not active");
  if (typeof pageSession !== "string") throw refuse("issued before sessions existed");
  return { identityId: identity.id, pageSession };
}
