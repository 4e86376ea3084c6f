/**
 * @module Member tokens from the token endpoint (a PKCE code, or an API key's `authorized_client`
 * grant), stored as the member's, and the `auth` redirect sessions that lead to a code.
 */
import { TokenRole, type TokenStore, type Tokens } from "../auth/token-store.ts";
import { readTokenResponse, TOKEN_PATH } from "../auth/visitor-tokens.ts";
import type { SendJson } from "../request.ts";
import type { AuthUrl } from "./member-auth-types.ts";
import type { OAuthPkce } from "./pkce.ts";
import { createRedirectSession } from "./redirect-session.ts";

type GrantOptions = {
  send: SendJson;
  /** Sends with the visitor's or member's token (redirect sessions). */
  sendAuthorized: SendJson;
  clientId: string;
  store: TokenStore;
  now: () => number;
};

export type PkceData = OAuthPkce & { redirectUri?: string };

export function createMemberGrants({ send, sendAuthorized, clientId, store, now }: GrantOptions) {
  async function grantMember(body: object, headers?: Record<string, string>): Promise<Tokens> {
    const response = await send({
      method: "POST",
      path: TOKEN_PATH,
      body: JSON.stringify(body),
      ...(headers ? { headers } : {}),
    });
    const fresh = readTokenResponse(response);
    const member: Tokens = {
      accessToken: {
        value: fresh.accessToken,
        expiresAt: Math.floor(now() / 1000) + fresh.expiresIn,
      },
      refreshToken: { value: fresh.refreshToken, role: TokenRole.MEMBER },
    };
    store.save(member);
    return member;
  }

  async function exchangeCode(
    code: string | null | undefined,
    state: string | null | undefined,
    oauthData: PkceData,
  ): Promise<Tokens> {
    if (!code || !state) throw new Error("Missing code or _state");
    if (state !== oauthData.state) throw new Error("Invalid _state");
    return grantMember({
      clientId,
      grantType: "authorization_code",
      ...(oauthData.redirectUri ? { redirectUri: oauthData.redirectUri } : {}),
      code,
      codeVerifier: oauthData.codeVerifier,
    });
  }

  async function authSession(
    oauthData: PkceData,
    responseMode: string,
    prompt: string,
    sessionToken: string | undefined,
  ): Promise<AuthUrl> {
    const session = await createRedirectSession(sendAuthorized, {
      auth: {
        authRequest: {
          ...(oauthData.redirectUri ? { redirectUri: oauthData.redirectUri } : {}),
          clientId,
          codeChallenge: oauthData.codeChallenge,
          codeChallengeMethod: "S256",
          responseMode,
          responseType: "code",
          scope: "offline_access",
          state: oauthData.state,
          ...(sessionToken ? { sessionToken } : {}),
        },
        prompt,
      },
    });
    return {
      authUrl: session.fullUrl,
      authorizationEndpoint: session.urlDetails.endpoint,
      ...(session.sessionToken === undefined ? {} : { sessionToken: session.sessionToken }),
    };
  }

  return { grantMember, exchangeCode, authSession };
}
