import {
  isLocalStorageUsable,
  localStorageTokenStore,
  memoryTokenStore,
  TokenRole,
  type TokenStorage,
  type TokenStore,
  type Tokens,
} from "../auth/token-store.ts";
import { createVisitorTokens } from "../auth/visitor-tokens.ts";
import { authorize, tokenCredentials } from "../credentials.ts";
import { createTransport } from "../request.ts";
import { parseFromUrl } from "./callback.ts";
import { waitForFrameMessage } from "./hidden-frame.ts";
import {
  callEmpty,
  callForState,
  callSignOn,
  callValidateEmail,
  callVerifyFactor,
} from "./identity-calls.ts";
import { createLoginFlow } from "./login-flow.ts";
import type { MemberAuth, MemberAuthOptions } from "./member-auth-types.ts";
import { createMemberGrants } from "./member-grants.ts";
import { OAuthFlowError } from "./oauth-flow-error.ts";
import { MemberPaths } from "./paths.ts";
import { createPkce, generateOAuthData } from "./pkce.ts";
import { createSessionSync } from "./pre-warm.ts";
import { createRedirectSession } from "./redirect-session.ts";

const DEFAULT_TIMEOUT_MS = 30_000;
const EMPTY_TOKENS: Tokens = {
  accessToken: { value: "", expiresAt: 0 },
  refreshToken: { value: "", role: TokenRole.NONE },
};

/**
 * Creates the member-login half of the client (its own entry point, so the visitor page does not load it).
 *
 * @throws never; calls throw as documented on {@link MemberAuth}.
 * @example
 * ```ts
 * import { createMemberAuth } from "@consultant/content-client/members";
 * const members = createMemberAuth({ clientId: "local" });
 * const data = members.generateOAuthData(`${location.origin}/callback`);
 * sessionStorage.setItem("oauth", JSON.stringify(data));
 * location.assign((await members.getAuthUrl(data)).authUrl);
 * // on /callback:
 * const { code, state } = members.parseFromUrl();
 * await members.getMemberTokens(code, state, JSON.parse(sessionStorage.getItem("oauth") ?? "{}"));
 * ```
 */
export function createMemberAuth(options: MemberAuthOptions = {}): MemberAuth {
  const clientId = options.clientId ?? "local";
  const now = options.now ?? Date.now;
  const store = options.tokenStore ?? defaultTokenStore();
  const send = createTransport({
    baseUrl: options.baseUrl ?? "",
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  });
  const tokens = createVisitorTokens({ send, clientId, store, now });
  const sendAuthorized = authorize(send, tokenCredentials(tokens));
  const { grantMember, exchangeCode, authSession } = createMemberGrants({
    send,
    sendAuthorized,
    clientId,
    store,
    now,
  });
  const withApiKey = async (apiKey: string) => `${await tokens.getAccessToken()},${apiKey}`;

  return {
    generateOAuthData,
    getAuthUrl: (oauthData, { prompt = "login", responseMode = "fragment", sessionToken } = {}) =>
      authSession(oauthData, responseMode, prompt, sessionToken),
    parseFromUrl,
    getMemberTokens: exchangeCode,
    async getMemberTokensForDirectLogin(sessionToken) {
      const pkce = createPkce();
      const { authUrl } = await authSession(pkce, "web_message", "none", sessionToken);
      const answer = await waitForFrameMessage(authUrl, pkce.state);
      if (answer.error) throw new OAuthFlowError(answer.error, answer.error_description);
      return exchangeCode(answer.code, answer.state, pkce);
    },
    ...createLoginFlow(sendAuthorized),
    verifyFactor: (params) => callVerifyFactor(sendAuthorized, params),
    sendPasswordResetEmail: (email, redirectUri, { language } = {}) =>
      callEmpty(sendAuthorized, MemberPaths.sendRecoveryEmail, {
        email,
        ...(language ? { language } : {}),
        redirect: { url: redirectUri, clientId },
      }),
    recover: (recoveryToken, password) =>
      callForState(sendAuthorized, MemberPaths.recover, { recoveryToken, password }),
    sendActivationEmail: async (identityId, apiKey, emailOptions = {}) =>
      callEmpty(
        send,
        MemberPaths.sendActivationEmail,
        { identityId, emailOptions },
        { Authorization: await withApiKey(apiKey) },
      ),
    changePassword: (newPassword) =>
      callEmpty(sendAuthorized, MemberPaths.changePassword, { newPassword }),
    validateEmail: (email) => callValidateEmail(sendAuthorized, email),
    signOn: async (email, apiKey, signOnOptions = {}) =>
      callSignOn(send, await withApiKey(apiKey), email, signOnOptions),
    async getMemberTokensForExternalLogin(memberId, apiKey) {
      const authorization = await withApiKey(apiKey);
      return grantMember(
        { grant_type: "authorized_client", scope: "offline_access", member_id: memberId },
        { Authorization: authorization },
      );
    },
    async getMemberTokensForExternalLoginWithSession(email, apiKey, signOnOptions = {}) {
      const authorization = await withApiKey(apiKey);
      const { sessionToken, identity } = await callSignOn(
        send,
        authorization,
        email,
        signOnOptions,
      );
      return grantMember(
        { grant_type: "authorized_client", member_id: identity._id, session_token: sessionToken },
        { Authorization: authorization },
      );
    },
    async logout(originalUrl) {
      try {
        const session = await createRedirectSession(sendAuthorized, {
          logout: { clientId },
          callbacks: { postFlowUrl: originalUrl },
        });
        return { logoutUrl: session.fullUrl };
      } finally {
        tokens.logout();
      }
    },
    loggedIn: tokens.loggedIn,
    role: tokens.role,
    getTokens: () => store.get() ?? EMPTY_TOKENS,
    setTokens: (next) => store.save(next),
    sessions: createSessionSync({
      createLoginSession: () => createRedirectSession(sendAuthorized, { login: {} }),
      now,
      storage: () => options.storage ?? browserLocalStorage(),
    }),
  };
}

function defaultTokenStore(): TokenStore {
  return isLocalStorageUsable() ? localStorageTokenStore() : memoryTokenStore();
}

function browserLocalStorage(): TokenStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}
