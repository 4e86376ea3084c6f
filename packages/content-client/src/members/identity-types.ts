/** Captcha answers for register and login; the store ignores them unless a verifier is configured. */
export interface CaptchaTokens {
  recaptchaToken?: string;
  invisibleRecaptchaToken?: string;
}

/** What login takes (the SDK's `LoginParams`). */
export interface LoginParams {
  email: string;
  password: string;
  captchaTokens?: CaptchaTokens;
}

/** Profile fields a member can set at sign-up or sign-on (a subset of docs/protocol.md §8.1's `identityProfile`). */
export interface IdentityProfile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  language?: string;
  privacyStatus?: "UNDEFINED" | "PUBLIC" | "PRIVATE";
  [field: string]: unknown;
}

/** What register takes (the SDK's `RegisterParams`). */
export interface RegisterParams extends LoginParams {
  profile?: IdentityProfile;
}

/** Options of sign-on (docs/protocol.md §8, `POST /v2/sign-on`). */
export interface SignOnOptions {
  profile?: IdentityProfile;
  verifyEmail?: boolean;
  mergeExistingContact?: boolean;
}

/** What sign-on resolves with: a session token and the identity, its `id` renamed `_id` like the SDK. */
export interface SignOnResult {
  sessionToken: string;
  identity: { _id: string; [field: string]: unknown };
}

/** Factor types (docs/protocol.md §8.3). */
export type FactorType =
  | "PASSWORD"
  | "SMS"
  | "CALL"
  | "EMAIL"
  | "TOTP"
  | "PUSH"
  | "WEBAUTHN"
  | "RECOVERY_CODE";

/** One second-factor answer for the state token a login returned. */
export interface VerifyFactorParams {
  factorType: FactorType;
  stateToken: string;
  /** The code the member typed (TOTP, SMS, call, e-mail, recovery code). */
  code: string;
  /** Skip the second factor on this device next time. */
  rememberThisDevice?: boolean;
}

/** What `validateEmail` resolves with (docs/protocol.md §8). */
export interface EmailValidation {
  valid: boolean;
  formatInvalid?: boolean;
  failure?: { reason: string };
}
