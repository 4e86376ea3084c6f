/**
 * @module The identity service's routes (member login, protocol.md §6-§8) as rows of the route
 * table. They are public by design and some write identity state on purpose (register, redirect
 * sessions, mail), so the fuzzer's "nothing changed without credentials" check cannot take them
 * as they are: until it learns which tables each may touch, they are covered by the store's
 * hostile-input sweep (apps/store/src/routes/hostile-input.test.ts), and named here so the
 * coverage test still fails for any route nobody lists.
 */
import type { Method, RouteRow } from "./store-routes.ts";

const IAM_PREFIXES = ["/_api/iam", "/iam"] as const;

type IdentityCall = { method: Method; path: string; body?: unknown; url?: string };

const IAM_CALLS: Record<string, IdentityCall> = {
  register: {
    method: "POST",
    path: "/authentication/v2/register",
    body: { loginId: { email: "fuzz@example.com" }, password: "a long password" },
  },
  login: {
    method: "POST",
    path: "/authentication/v2/login",
    body: { loginId: { email: "fuzz@example.com" }, password: "wrong" },
  },
  "validate email": {
    method: "POST",
    path: "/authentication/v2/validate-email",
    body: { email: "fuzz@example.com" },
  },
  "change password": {
    method: "POST",
    path: "/authentication/v2/change-password",
    body: { newPassword: "another long password" },
  },
  "sign-on": {
    method: "POST",
    path: "/authentication/v2/sign-on",
    body: { loginId: { email: "fuzz@example.com" } },
  },
  logout: {
    method: "GET",
    path: "/authentication/v1/logout",
    url: "/authentication/v1/logout?clientId=local",
  },
  "factor verify (any)": {
    method: "POST",
    path: "/authentication/v2/verify",
    body: { stateToken: "x" },
  },
  "factor verify": {
    method: "POST",
    path: "/authentication/v2/:factorType/verify",
    url: "/authentication/v2/totp/verify",
    body: { stateToken: "x", totpData: { code: "000000" } },
  },
  "recovery e-mail": {
    method: "POST",
    path: "/recovery/v1/send-email",
    body: { email: "fuzz@example.com" },
  },
  "activation e-mail": {
    method: "POST",
    path: "/recovery/v1/activation-email",
    body: { identityId: "nobody" },
  },
  recover: {
    method: "POST",
    path: "/recovery/v1/recover",
    body: { recoveryToken: "x", password: "a long password" },
  },
  "verification start": {
    method: "POST",
    path: "/verification/v1/start",
    body: { identityId: "nobody", target: "EMAIL" },
  },
  "verification Start": {
    method: "POST",
    path: "/verification/v1/Start",
    body: { identityId: "nobody", target: "EMAIL" },
  },
  "verify code": {
    method: "POST",
    path: "/verification/v1/auth/verify",
    body: { code: "0000", stateToken: "x" },
  },
  "resend code": {
    method: "POST",
    path: "/verification/v1/auth/resend",
    body: { stateToken: "x" },
  },
};

const REDIRECT_SESSION_PATHS = [
  "/_api/redirects-api/v1/redirect-session",
  "/redirect-session/v1/redirect-session",
  "/headless/v1/redirect-session",
];

const MEMBER_PAGES: [Method, string][] = [
  ["GET", "/members/assets/members.css"],
  ["GET", "/members/assets/web-message.js"],
  ["GET", "/members/authorize"],
  ["POST", "/members/continue"],
  ["GET", "/members/sign-in"],
  ["POST", "/members/sign-in"],
  ["GET", "/members/sign-up"],
  ["POST", "/members/sign-up"],
  ["POST", "/members/verify-email"],
  ["POST", "/members/resend-code"],
  ["POST", "/members/second-factor"],
  ["GET", "/members/forgot-password"],
  ["POST", "/members/forgot-password"],
  ["GET", "/members/reset-password"],
  ["POST", "/members/reset-password"],
  ["GET", "/members/account"],
  ["POST", "/members/account/two-factor"],
  ["POST", "/members/account/two-factor/confirm"],
  ["POST", "/members/account/two-factor/disable"],
  ["POST", "/members/sign-out"],
];

const iamRows: RouteRow[] = IAM_PREFIXES.flatMap((prefix) =>
  Object.entries(IAM_CALLS).map(([name, call]) => ({
    name: `identity ${name} (${prefix})`,
    method: call.method,
    pattern: `${prefix}${call.path}`,
    access: { kind: "public" },
    example: () => ({ url: `${prefix}${call.url ?? call.path}`, body: call.body }),
  })),
);

const redirectSessionRows: RouteRow[] = REDIRECT_SESSION_PATHS.map((path) => ({
  name: `redirect session (${path})`,
  method: "POST",
  pattern: path,
  access: { kind: "public" },
  example: (t) => ({ url: path, body: { login: {}, clientId: t.clientId } }),
}));

const memberPageRows: RouteRow[] = MEMBER_PAGES.map(([method, path]) => ({
  name: `members page ${method} ${path}`,
  method,
  pattern: path,
  access: { kind: "public" },
  example: () => ({ url: path, ...(method === "POST" ? { body: {} } : {}) }),
}));

/** Every identity route, for the coverage test (not yet sent by the fuzzer: see the module note). */
export const IDENTITY_ROWS: RouteRow[] = [...iamRows, ...redirectSessionRows, ...memberPageRows];
