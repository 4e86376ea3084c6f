/** @module The member-login client's options and calls, as `createMemberAuth` (member-auth.ts) returns them. */
import type { TokenRole, TokenStorage, TokenStore, Tokens } from "../auth/token-store.ts";
import type { CallbackParams, CallbackResponseMode } from "./callback.ts";
import type {
  EmailValidation,
  LoginParams,
  RegisterParams,
  SignOnOptions,
  SignOnResult,
  VerifyFactorParams,
} from "./identity-types.ts";
import type { LoginResult } from "./login-state.ts";
import type { OAuthData, OAuthPkce } from "./pkce.ts";
import type { SessionSync } from "./pre-warm.ts";

/** Options of {@link createMemberAuth}; share `tokenStore` with the content client so data calls carry the member token. */
export interface MemberAuthOptions {
  /** Origin of the store, as for `createContentClient`. @default "" (same origin) */
  baseUrl?: string;
  /** OAuth client id sent with every grant and redirect session. @default "local" */
  clientId?: string;
  /** The `fetch` to use. @default globalThis.fetch, looked up at call time */
  fetch?: typeof globalThis.fetch;
  /**
   * Where tokens are kept; pass the content client's store. The default is the same as the
   * content client's default (localStorage under the same key in a browser), so both see one login.
   */
  tokenStore?: TokenStore;
  /** Clock in milliseconds. @default Date.now */
  now?: () => number;
  /** Time limit per request in milliseconds. @default 30000 */
  timeoutMs?: number;
  /** Where the pre-warm time is kept. @default globalThis.localStorage */
  storage?: TokenStorage;
}

/** Options of {@link MemberAuth.getAuthUrl}. */
export interface AuthUrlOptions {
  /** `"login"` (default) shows the sign-in page; `"none"` completes silently or answers `login_required`. */
  prompt?: "login" | "none";
  /** Where code and state come back. @default "fragment" */
  responseMode?: "fragment" | "query" | "web_message";
  /** A session token from login or register, to skip the form. */
  sessionToken?: string;
}

/** What {@link MemberAuth.getAuthUrl} resolves with. */
export interface AuthUrl {
  /** Open this page (the store's sign-in page). */
  authUrl: string;
  authorizationEndpoint: string;
  sessionToken?: string;
}

/** Every member-login call of docs/protocol.md §6-§8, with the SDK's names and result shapes. */
export interface MemberAuth {
  /** Creates PKCE data and state for a redirect login (docs/protocol.md §7.1). @throws never. */
  generateOAuthData(redirectUri: string, originalUri?: string): OAuthData;
  /**
   * Creates an `auth` redirect session and returns the sign-in page's URL.
   *
   * @throws {HttpError} when the store refuses (for example a redirect URI it does not allow).
   * @throws {NetworkError} or {TimeoutError} when the store cannot be reached.
   */
  getAuthUrl(oauthData: OAuthData, options?: AuthUrlOptions): Promise<AuthUrl>;
  /** Reads code, state and any error from a callback URL (docs/protocol.md §7.3). @throws {TypeError} for a URL that does not parse. */
  parseFromUrl(url?: string, responseMode?: CallbackResponseMode): CallbackParams;
  /**
   * Exchanges the callback's code for member tokens (PKCE), stores and returns them.
   *
   * @throws {Error} 'Missing code or _state' when either is empty; 'Invalid _state' when the state is not the one issued.
   * @throws {HttpError} when the store refuses the code (used, expired, another verifier).
   */
  getMemberTokens(
    code: string | null | undefined,
    state: string | null | undefined,
    oauthData: OAuthPkce & { redirectUri?: string },
  ): Promise<Tokens>;
  /**
   * Silent login: completes an `auth` session for `sessionToken` in a hidden frame (`web_message`,
   * `prompt: none`), then stores and returns the member tokens. Browser only.
   *
   * @throws {Error} 'OAuth flow timed out' after 120000 ms without an answer.
   * @throws {OAuthFlowError} when the sign-in page answers an OAuth error (`login_required` without a live session).
   * @throws {HttpError} when the store refuses the session or the code.
   */
  getMemberTokensForDirectLogin(sessionToken: string): Promise<Tokens>;
  /**
   * Registers a member. Refusals resolve as FAILURE (docs/protocol.md §8.2); they do not throw.
   *
   * @throws {NetworkError} or {TimeoutError} when the store cannot be reached.
   */
  register(params: RegisterParams): Promise<LoginResult>;
  /**
   * Checks an e-mail and password. Refusals resolve as FAILURE (docs/protocol.md §8.2): no throw.
   *
   * @throws {NetworkError} or {TimeoutError} when the store cannot be reached.
   */
  login(params: LoginParams): Promise<LoginResult>;
  /**
   * Sends the mailed verification code for the last EMAIL_VERIFICATION_REQUIRED result (or `state`);
   * without one it resolves FAILURE 'Unknown _state'.
   *
   * @throws {HttpError} when the store refuses the code, like the SDK.
   */
  processVerification(
    nextInputs: { verificationCode?: string; code?: string },
    state?: LoginResult,
  ): Promise<LoginResult>;
  /**
   * Sends the mailed code again for a state token (the last one by default).
   *
   * @throws {Error} 'Unknown _state' when there is no state token; {HttpError} when the store refuses.
   */
  resendVerificationCode(stateToken?: string): Promise<void>;
  /**
   * Mails a verification code to an identity (`POST /v1/start`, with the member's token) and
   * resolves with the step's state token, which `processVerification` then uses.
   *
   * @throws {HttpError} when refused (another member's identity, a visitor).
   */
  startVerification(identityId: string): Promise<{ stateToken: string }>;
  /**
   * Answers the second-factor step of a login (for example TOTP).
   *
   * @throws {HttpError} when the store refuses the code or the factor is not enabled.
   */
  verifyFactor(params: VerifyFactorParams): Promise<LoginResult>;
  /** Mails a password-reset link that leads back to `redirectUri`. @throws {HttpError} when refused. */
  sendPasswordResetEmail(
    email: string,
    redirectUri: string,
    options?: { language?: string },
  ): Promise<void>;
  /** Sets a new password with the mailed recovery token. @throws {HttpError} when the token is unknown, used or expired. */
  recover(recoveryToken: string, password: string): Promise<LoginResult>;
  /**
   * Mails an activation link (choose a password) to an identity; the owner's call, server only.
   *
   * @throws {HttpError} when the API key is refused.
   */
  sendActivationEmail(
    identityId: string,
    apiKey: string,
    emailOptions?: { language?: string },
  ): Promise<void>;
  /** Changes the logged-in member's password. @throws {HttpError} when refused (too short, not a member). */
  changePassword(newPassword: string): Promise<void>;
  /** Checks whether an address can receive mail. @throws {HttpError} when refused. */
  validateEmail(email: string): Promise<EmailValidation>;
  /**
   * Signs a member on by e-mail with an API key (creating them when needed); server only.
   *
   * @throws {HttpError} when the key is refused.
   */
  signOn(email: string, apiKey: string, options?: SignOnOptions): Promise<SignOnResult>;
  /**
   * Member tokens for a member id with an API key (`authorized_client`); stores and returns them. Server only.
   *
   * @throws {HttpError} when the key or member is refused.
   */
  getMemberTokensForExternalLogin(memberId: string, apiKey: string): Promise<Tokens>;
  /**
   * Sign-on by e-mail then member tokens bound to the new session; stores and returns them. Server only.
   *
   * @throws {HttpError} when the key is refused.
   */
  getMemberTokensForExternalLoginWithSession(
    email: string,
    apiKey: string,
    options?: SignOnOptions,
  ): Promise<Tokens>;
  /**
   * Ends the session: creates a `logout` redirect session, clears the local tokens (also when the
   * call fails) and returns the store's sign-out URL, which returns to `originalUrl`.
   *
   * @throws {HttpError}, {NetworkError} or {TimeoutError} when the store cannot create the session.
   */
  logout(originalUrl: string): Promise<{ logoutUrl: string }>;
  /** True only when the stored tokens have role MEMBER. @throws never. */
  loggedIn(): boolean;
  /** The stored tokens' role. @throws never. */
  role(): TokenRole;
  /** The stored tokens, or empty ones. @throws never. */
  getTokens(): Tokens;
  /** Replaces the stored tokens. @throws never. */
  setTokens(tokens: Tokens): void;
  /** The 7-day pre-warm of a login redirect session (docs/protocol.md §7.5). */
  sessions: SessionSync;
}
