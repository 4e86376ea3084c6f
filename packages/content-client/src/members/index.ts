// Entry point `@consultant/content-client/members`: member login, kept out of the visitor page's bundle.
export {
  TokenRole,
  type TokenStore,
  type Tokens,
} from "../auth/token-store.ts";
export type { CallbackParams, CallbackResponseMode } from "./callback.ts";
export { parseFromUrl } from "./callback.ts";
export {
  OAUTH_FLOW_TIMEOUT_MESSAGE,
  OAUTH_FLOW_TIMEOUT_MS,
  type WebMessageAnswer,
} from "./hidden-frame.ts";
export type {
  CaptchaTokens,
  EmailValidation,
  FactorType,
  IdentityProfile,
  LoginParams,
  RegisterParams,
  SignOnOptions,
  SignOnResult,
  VerifyFactorParams,
} from "./identity-types.ts";
export {
  type LoginErrorCode,
  type LoginFailure,
  type LoginResult,
  LoginState,
  toLoginResult,
  UNKNOWN_STATE_MESSAGE,
} from "./login-state.ts";
export { createMemberAuth } from "./member-auth.ts";
export type {
  AuthUrl,
  AuthUrlOptions,
  MemberAuth,
  MemberAuthOptions,
} from "./member-auth-types.ts";
export { OAuthFlowError } from "./oauth-flow-error.ts";
export { MemberPaths } from "./paths.ts";
export {
  createCodeChallenge,
  createCodeVerifier,
  generateOAuthData,
  MAX_VERIFIER_LENGTH,
  MIN_VERIFIER_LENGTH,
  type OAuthData,
  type OAuthPkce,
  VERIFIER_ALPHABET,
} from "./pkce.ts";
export { PRE_WARM_INTERVAL_MS, PRE_WARM_STORAGE_KEY, type SessionSync } from "./pre-warm.ts";
