/**
 * @module The identity endpoints, the gate that refuses each field's junk, and the cases made of
 * them: the table of routes/identity-hostile-input.test.ts.
 */
import type { ErrorCode } from "../../platform/errors.ts";

/** Which gate refuses a junk value of a field; `body` for a body that is no object. */
export type Refusals = Record<string, ErrorCode | ((value: unknown) => ErrorCode)>;
export type IdEndpoint = {
  name: string;
  url: string;
  base: Record<string, unknown>;
  auth?: "key" | "member";
  refuses: Refusals;
  /** Values that are no junk for this endpoint (a good new password), left out. */
  accepts?: (key: string, value: unknown) => boolean;
};
const pkceChallenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";
const text = (value: unknown) => typeof value === "string" && value !== "";
export const goodPassword = (value: unknown) =>
  typeof value === "string" && [...value].length >= 8 && [...value].length <= 256;
/** A well-formed value reaches the named gate; anything else is refused as invalid. */
const ifText =
  (code: ErrorCode) =>
  (value: unknown): ErrorCode =>
    text(value) ? code : "VALIDATION_FAILED";
export const IDENTITY_ENDPOINTS: IdEndpoint[] = [
  {
    name: "register",
    url: "/_api/iam/authentication/v2/register",
    // Two faults (a taken e-mail, a short password): no single replacement makes it valid.
    base: { loginId: { email: "member@example.com" }, password: "x" },
    refuses: {
      body: "VALIDATION_FAILED",
      loginId: "VALIDATION_FAILED",
      password: (value) => (goodPassword(value) ? "EMAIL_ALREADY_EXISTS" : "VALIDATION_FAILED"),
    },
  },
  {
    name: "login",
    url: "/_api/iam/authentication/v2/login",
    base: { loginId: { email: "member@example.com" }, password: "not the password" },
    refuses: {
      body: "WRONG_EMAIL_OR_PASSWORD",
      loginId: "WRONG_EMAIL_OR_PASSWORD",
      password: "WRONG_EMAIL_OR_PASSWORD",
    },
  },
  {
    name: "change-password",
    url: "/_api/iam/authentication/v2/change-password",
    base: { newPassword: "x" },
    // The member's own token: the new password's rules, not the role check, refuse these.
    auth: "member",
    refuses: { body: "VALIDATION_FAILED", newPassword: "VALIDATION_FAILED" },
    accepts: (key, value) => key === "newPassword" && goodPassword(value),
  },
  {
    name: "sign-on",
    url: "/_api/iam/authentication/v2/sign-on",
    base: { loginId: { email: "not an e-mail" }, profile: { nickname: 5 } },
    auth: "key",
    refuses: {
      body: "VALIDATION_FAILED",
      loginId: "VALIDATION_FAILED",
      profile: "VALIDATION_FAILED",
    },
  },
  {
    name: "totp verify",
    url: "/_api/iam/authentication/v2/totp/verify",
    base: { stateToken: "st", totpData: { code: "1" } },
    // The step is checked before the code (identity-attacks.test.ts guesses codes on a real one).
    refuses: {
      body: "VALIDATION_FAILED",
      stateToken: "IDENTITY_STATE_TOKEN_INVALID",
      totpData: "IDENTITY_STATE_TOKEN_INVALID",
    },
  },
  {
    name: "verify",
    url: "/_api/iam/authentication/v2/verify",
    base: { stateToken: "st", factorType: "TOTP" },
    refuses: {
      body: "VALIDATION_FAILED",
      stateToken: "IDENTITY_STATE_TOKEN_INVALID",
      factorType: "VALIDATION_FAILED",
    },
  },
  {
    name: "send-email",
    url: "/_api/iam/recovery/v1/send-email",
    base: { email: "not an email" },
    refuses: { body: "VALIDATION_FAILED", email: "VALIDATION_FAILED" },
  },
  {
    name: "recover",
    url: "/_api/iam/recovery/v1/recover",
    base: { recoveryToken: "r", password: "a good password" },
    refuses: {
      body: "VALIDATION_FAILED",
      recoveryToken: "IDENTITY_RECOVERY_TOKEN_INVALID",
      password: (value) =>
        goodPassword(value) ? "IDENTITY_RECOVERY_TOKEN_INVALID" : "VALIDATION_FAILED",
    },
  },
  {
    name: "activation-email",
    url: "/_api/iam/recovery/v1/activation-email",
    base: { identityId: "nobody" },
    auth: "key",
    refuses: { body: "VALIDATION_FAILED", identityId: "IDENTITY_NOT_FOUND" },
  },
  {
    name: "verification start",
    url: "/_api/iam/verification/v1/start",
    base: { identityId: "nobody", target: "EMAIL" },
    auth: "key",
    refuses: {
      body: "VALIDATION_FAILED",
      identityId: "IDENTITY_NOT_FOUND",
      target: "VALIDATION_FAILED",
    },
  },
  {
    name: "auth verify",
    url: "/_api/iam/verification/v1/auth/verify",
    base: { code: "123456", stateToken: "st" },
    refuses: {
      body: "VALIDATION_FAILED",
      code: "IDENTITY_STATE_TOKEN_INVALID",
      stateToken: "IDENTITY_STATE_TOKEN_INVALID",
    },
  },
  {
    name: "auth resend",
    url: "/_api/iam/verification/v1/auth/resend",
    base: { stateToken: "st" },
    refuses: { body: "VALIDATION_FAILED", stateToken: "IDENTITY_STATE_TOKEN_INVALID" },
  },
  {
    name: "redirect-session",
    url: "/_api/redirects-api/v1/redirect-session",
    // One fault (a foreign redirect address, REDIRECT_URI_NOT_ALLOWED) keeps the base from making
    // a session; the only field is `auth`, so every junk case is the shape gate's VALIDATION_FAILED.
    base: {
      auth: {
        authRequest: {
          clientId: "test-client",
          redirectUri: "https://evil.example/cb",
          codeChallenge: pkceChallenge,
          state: "s",
        },
      },
    },
    refuses: { body: "VALIDATION_FAILED", auth: "VALIDATION_FAILED" },
  },
  {
    name: "token (authorization_code)",
    url: "/oauth2/token",
    base: {
      clientId: "test-client",
      grantType: "authorization_code",
      code: "c",
      codeVerifier: "v",
    },
    refuses: {
      body: "VALIDATION_FAILED",
      clientId: ifText("INVALID_CLIENT"),
      grantType: ifText("UNSUPPORTED_GRANT_TYPE"),
      code: ifText("AUTHORIZATION_CODE_INVALID"),
      codeVerifier: "AUTHORIZATION_CODE_INVALID",
    },
  },
  {
    name: "token (authorized_client)",
    url: "/oauth2/token",
    base: { grant_type: "authorized_client", member_id: "nobody", session_token: "s" },
    auth: "key",
    refuses: {
      body: "VALIDATION_FAILED",
      grant_type: ifText("UNSUPPORTED_GRANT_TYPE"),
      member_id: ifText("IDENTITY_SESSION_TOKEN_INVALID"),
      session_token: "IDENTITY_SESSION_TOKEN_INVALID",
    },
  },
];

export const JUNK: unknown[] = [
  null,
  5,
  "",
  "x".repeat(10_000),
  [],
  ["a"],
  {},
  { email: "a@b.c" },
  { $gt: "" },
  "\u0000",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  -1,
  1e308,
  true,
];

const codeFor = (endpoint: IdEndpoint, key: string, value: unknown): ErrorCode => {
  const refusal = endpoint.refuses[key] ?? "VALIDATION_FAILED";
  return typeof refusal === "function" ? refusal(value) : refusal;
};
export const idCases = IDENTITY_ENDPOINTS.flatMap((endpoint) => [
  { endpoint, name: "a JSON array body", payload: "[]", code: codeFor(endpoint, "body", []) },
  {
    endpoint,
    name: "a JSON string body",
    payload: '"text"',
    code: codeFor(endpoint, "body", "text"),
  },
  {
    endpoint,
    name: "malformed JSON",
    payload: '{"loginId": ',
    code: "VALIDATION_FAILED" as ErrorCode,
  },
  {
    endpoint,
    name: "a __proto__ key",
    payload: '{"__proto__": {"polluted": 1}}',
    code: "VALIDATION_FAILED" as ErrorCode,
  },
  ...Object.keys(endpoint.base).flatMap((key) =>
    JUNK.flatMap((value, i) =>
      endpoint.accepts?.(key, value)
        ? []
        : [
            {
              endpoint,
              name: `bad ${key} #${i}`,
              payload: JSON.stringify({ ...endpoint.base, [key]: value }),
              code: codeFor(endpoint, key, value),
            },
          ],
    ),
  ),
]);
