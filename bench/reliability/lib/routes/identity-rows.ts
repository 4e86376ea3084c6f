/**
 * @module The identity service's routes (member login, docs/protocol.md §6-§8) as rows of the route
 * table, for the fuzzer and the coverage test. They are public by design and some write identity
 * state on purpose (a sign-up, a code's attempts, redirect sessions, mail): each row names the
 * tables it may write (`mayWrite`), and the fuzzer's "nothing changed without credentials" check
 * compares every other table, the content and the owner's credentials among them.
 */
import type { Method, RouteRow, Target } from "./route-row.ts";

const IAM_PREFIXES = ["/_api/iam", "/iam"] as const;

type IdentityCall = {
  method: Method;
  path: string;
  body?: unknown;
  url?: string;
  mayWrite: readonly string[];
  endsCaller?: "sign-out";
};

// The identity tables (migrations/0200-identity.sql).
const IDENTITIES = "identities";
const TOKENS = "identity_tokens";
const RECOVERY_CODES = "identity_recovery_codes";
const MAIL = "mail_outbox";
const SESSIONS = "sessions";
// The sign-in history (migrations/0510-security.sql): a failed attempt on an account is kept.
const SIGN_INS = "sign_ins";
const PASSKEYS = "passkeys";
// The attempt counters (limits): every identity call that writes also counts the attempt.
const RATE_LIMITS = "rate_limits";
const counted = (tables: readonly string[]) =>
  tables.length === 0 ? tables : [...tables, RATE_LIMITS];

const IAM_CALLS: Record<string, IdentityCall> = {
  register: {
    method: "POST",
    path: "/authentication/v2/register",
    body: { loginId: { email: "fuzz@example.com" }, password: "a long password" },
    mayWrite: [IDENTITIES, TOKENS, MAIL],
  },
  login: {
    method: "POST",
    path: "/authentication/v2/login",
    body: { loginId: { email: "fuzz@example.com" }, password: "wrong" },
    mayWrite: [TOKENS, SIGN_INS],
  },
  "validate email": {
    method: "POST",
    path: "/authentication/v2/validate-email",
    body: { email: "fuzz@example.com" },
    mayWrite: [],
  },
  "change password": {
    method: "POST",
    path: "/authentication/v2/change-password",
    body: { newPassword: "another long password" },
    mayWrite: [IDENTITIES],
  },
  "sign-on": {
    method: "POST",
    path: "/authentication/v2/sign-on",
    body: { loginId: { email: "fuzz@example.com" } },
    mayWrite: [],
  },
  logout: {
    method: "GET",
    path: "/authentication/v1/logout",
    url: "/authentication/v1/logout?clientId=local",
    mayWrite: [],
    // A member's token ends its own session (and only that; the matrix allows it).
    endsCaller: "sign-out",
  },
  "factor verify (any)": {
    method: "POST",
    path: "/authentication/v2/verify",
    body: { stateToken: "x" },
    mayWrite: [TOKENS, SIGN_INS],
  },
  "factor verify": {
    method: "POST",
    path: "/authentication/v2/:factorType/verify",
    url: "/authentication/v2/totp/verify",
    body: { stateToken: "x", totpData: { code: "000000" } },
    mayWrite: [TOKENS, SIGN_INS],
  },
  "recovery e-mail": {
    method: "POST",
    path: "/recovery/v1/send-email",
    body: { email: "fuzz@example.com" },
    mayWrite: [TOKENS, MAIL],
  },
  "activation e-mail": {
    method: "POST",
    path: "/recovery/v1/activation-email",
    body: { identityId: "nobody" },
    mayWrite: [],
  },
  recover: {
    method: "POST",
    path: "/recovery/v1/recover",
    body: { recoveryToken: "x", password: "a long password" },
    mayWrite: [IDENTITIES, TOKENS],
  },
  "verification start": {
    method: "POST",
    path: "/verification/v1/start",
    body: { identityId: "nobody", target: "EMAIL" },
    mayWrite: [TOKENS, MAIL],
  },
  "verification Start": {
    method: "POST",
    path: "/verification/v1/Start",
    body: { identityId: "nobody", target: "EMAIL" },
    mayWrite: [TOKENS, MAIL],
  },
  "verify code": {
    method: "POST",
    path: "/verification/v1/auth/verify",
    body: { code: "0000", stateToken: "x" },
    mayWrite: [IDENTITIES, TOKENS],
  },
  "resend code": {
    method: "POST",
    path: "/verification/v1/auth/resend",
    body: { stateToken: "x" },
    mayWrite: [TOKENS, MAIL],
  },
};

const REDIRECT_SESSION_PATHS = [
  "/_api/redirects-api/v1/redirect-session",
  "/redirect-session/v1/redirect-session",
  "/headless/v1/redirect-session",
];

const MEMBER_PAGES: [Method, string, readonly string[]][] = [
  ["GET", "/members/assets/members.css", []],
  ["GET", "/members/assets/web-message.js", []],
  ["GET", "/members/assets/theme.js", []],
  ["GET", "/members/authorize", []],
  ["POST", "/members/continue", [TOKENS]],
  ["GET", "/members/sign-in", []],
  ["POST", "/members/sign-in", [TOKENS]],
  ["GET", "/members/sign-up", []],
  ["POST", "/members/sign-up", [IDENTITIES, TOKENS, MAIL]],
  ["POST", "/members/verify-email", [IDENTITIES, TOKENS]],
  ["POST", "/members/resend-code", [TOKENS, MAIL]],
  ["POST", "/members/second-factor", [TOKENS]],
  ["GET", "/members/forgot-password", []],
  ["POST", "/members/forgot-password", [TOKENS, MAIL]],
  ["GET", "/members/reset-password", []],
  ["POST", "/members/reset-password", [IDENTITIES, TOKENS]],
  ["GET", "/members/account", []],
  ["POST", "/members/account/two-factor", [IDENTITIES, TOKENS, RECOVERY_CODES]],
  ["POST", "/members/account/two-factor/confirm", [IDENTITIES, TOKENS, RECOVERY_CODES]],
  ["POST", "/members/account/two-factor/disable", [IDENTITIES, TOKENS, RECOVERY_CODES]],
  ["POST", "/members/account/name", [IDENTITIES]],
  ["POST", "/members/account/password", [IDENTITIES, TOKENS, SESSIONS]],
  ["POST", "/members/account/sessions/end", [SESSIONS]],
  ["POST", "/members/account/sessions/end-others", [SESSIONS]],
  ["POST", "/members/account/export", []],
  ["POST", "/members/account/delete", [IDENTITIES, TOKENS, SESSIONS]],
  ["POST", "/members/account/sign-out-everywhere", [TOKENS, SESSIONS]],
  ["GET", "/members/assets/passkeys.js", []],
  ["POST", "/members/account/passkeys/options", [TOKENS]],
  ["POST", "/members/account/passkeys", [PASSKEYS, TOKENS]],
  ["POST", "/members/account/passkeys/rename", [PASSKEYS]],
  ["POST", "/members/account/passkeys/remove", [PASSKEYS]],
  ["POST", "/members/passkey", [TOKENS, SESSIONS, SIGN_INS]],
  ["GET", "/members/client-area", []],
  ["POST", "/members/client-area/send", []],
  ["GET", "/members/assets/client-area.js", []],
  ["GET", "/members/client-area/files/:fileId", []],
  ["POST", "/members/client-area/files", []],
  ["POST", "/members/sign-out", [TOKENS]],
  // Any other address under /members/: a page saying so to a browser, the API's 404 otherwise.
  ["GET", "/members/*", []],
];

const iamRows: RouteRow[] = IAM_PREFIXES.flatMap((prefix) =>
  Object.entries(IAM_CALLS).map(([name, call]) => ({
    name: `identity ${name} (${prefix})`,
    method: call.method,
    pattern: `${prefix}${call.path}`,
    access: { kind: "stateful" },
    example: () => ({ url: `${prefix}${call.url ?? call.path}`, body: call.body }),
    mayWrite: counted(call.mayWrite),
    oncePerCaller: true,
    ...(call.endsCaller === undefined ? {} : { endsCaller: call.endsCaller }),
  })),
);

const redirectSessionRows: RouteRow[] = REDIRECT_SESSION_PATHS.map((path) => ({
  name: `redirect session (${path})`,
  method: "POST",
  pattern: path,
  access: { kind: "stateful" },
  example: (t) => ({ url: path, body: { login: {}, clientId: t.clientId } }),
  mayWrite: counted([TOKENS]),
  oncePerCaller: true,
}));

const memberPageRows: RouteRow[] = MEMBER_PAGES.map(([method, path, mayWrite]) => ({
  name: `members page ${method} ${path}`,
  method,
  pattern: path,
  access: { kind: "stateful" },
  example: () => ({ url: path, ...(method === "POST" ? { body: {} } : {}) }),
  mayWrite: counted(mayWrite),
  oncePerCaller: true,
}));

/**
 * Every identity route, for the fuzzer and the permission matrix (each caller once: they do not
 * depend on a collection's permissions); the coverage test holds it to the store's registration.
 */
export const IDENTITY_ROWS: RouteRow[] = [...iamRows, ...redirectSessionRows, ...memberPageRows];

const member = (t: Target) => t.memberId ?? "no member";

/**
 * The identity calls whose answer depends on who calls, for the permission matrix: a member on
 * their own account, a site's backend with the API key. The member is the matrix's member
 * caller; other callers must be refused and change nothing, but a second member may act on
 * their own account (`own`); acting on the first member's (a verification for their id) is
 * refused.
 */
export const IDENTITY_MATRIX_ROWS: RouteRow[] = [
  {
    name: "member: who am I (client area greeting)",
    method: "GET",
    pattern: "/members/api/me",
    access: { kind: "callers", names: ["member"], own: ["other member"] },
    mayWrite: [],
    example: () => ({ url: "/members/api/me" }),
  },
  {
    name: "member: change password",
    method: "POST",
    pattern: "/_api/iam/authentication/v2/change-password",
    access: { kind: "callers", names: ["member"], own: ["other member"] },
    // The fuzzer counts a member's token as no credential for the owner's content, yet with it
    // the member may change their own password.
    mayWrite: [IDENTITIES],
    example: () => ({
      url: "/_api/iam/authentication/v2/change-password",
      body: { newPassword: "a new long password" },
    }),
  },
  {
    name: "member: verification start",
    method: "POST",
    pattern: "/_api/iam/verification/v1/start",
    access: { kind: "callers", names: ["member", "API key"] },
    mayWrite: [TOKENS, MAIL],
    example: (t) => ({
      url: "/_api/iam/verification/v1/start",
      body: { identityId: member(t), target: "EMAIL" },
    }),
  },
  {
    name: "member: activation e-mail",
    method: "POST",
    pattern: "/_api/iam/recovery/v1/activation-email",
    access: { kind: "callers", names: ["API key"] },
    example: (t) => ({
      url: "/_api/iam/recovery/v1/activation-email",
      body: { identityId: member(t) },
    }),
  },
  {
    name: "member: sign-on",
    method: "POST",
    pattern: "/_api/iam/authentication/v2/sign-on",
    access: { kind: "callers", names: ["API key"] },
    example: () => ({
      url: "/_api/iam/authentication/v2/sign-on",
      body: { loginId: { email: "signed-on@example.com" } },
    }),
  },
  {
    name: "member: token for a member (authorized_client)",
    method: "POST",
    pattern: "/oauth2/token",
    access: { kind: "callers", names: ["API key"] },
    example: (t) => ({
      url: "/oauth2/token",
      body: { clientId: t.clientId, grant_type: "authorized_client", member_id: member(t) },
    }),
  },
];
