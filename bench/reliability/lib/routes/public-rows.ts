/** @module The routes anyone may call, and the owner's session changes. */
import { mediaNameFor } from "../../../../apps/store/src/main/testing.ts";
import { type RouteRow, SAMPLE_PICTURE } from "./route-row.ts";

/** Routes anyone may call; the matrix checks they work for every caller and change nothing. */
export const PUBLIC_ROWS: RouteRow[] = [
  {
    name: "token",
    method: "POST",
    pattern: "/oauth2/token",
    access: { kind: "public" },
    example: (t) => ({
      url: "/oauth2/token",
      body: { grantType: "anonymous", clientId: t.clientId },
    }),
  },
  {
    name: "CORS preflight",
    method: "OPTIONS",
    pattern: "*",
    access: { kind: "public" },
    example: () => ({ url: "/wix-data/v2/items/query" }),
  },
  {
    name: "page",
    method: "GET",
    pattern: "/",
    access: { kind: "public" },
    example: () => ({ url: "/" }),
  },
  {
    name: "page (index.html)",
    method: "GET",
    pattern: "/index.html",
    access: { kind: "public" },
    example: () => ({ url: "/index.html" }),
  },
  {
    name: "static file",
    method: "GET",
    pattern: "/*",
    access: { kind: "public" },
    example: () => ({ url: "/humans.txt" }),
  },
  {
    name: "robots.txt",
    method: "GET",
    pattern: "/robots.txt",
    access: { kind: "public" },
    example: () => ({ url: "/robots.txt" }),
  },
  {
    name: "sitemap.xml",
    method: "GET",
    pattern: "/sitemap.xml",
    access: { kind: "public" },
    example: () => ({ url: "/sitemap.xml" }),
  },
  {
    name: "account page (old address, redirects)",
    method: "GET",
    pattern: "/account",
    access: { kind: "public" },
    redirects: true,
    example: () => ({ url: "/account" }),
  },
  {
    name: "client area page (old address, redirects)",
    method: "GET",
    pattern: "/client-area",
    access: { kind: "public" },
    redirects: true,
    example: () => ({ url: "/client-area" }),
  },
  {
    name: "picture file",
    method: "GET",
    pattern: "/media/:name",
    access: { kind: "public" },
    example: () => ({ url: `/media/${mediaNameFor(Buffer.from(SAMPLE_PICTURE), "svg")}` }),
  },
  {
    name: "editor page",
    method: "GET",
    pattern: "/admin",
    access: { kind: "public" },
    example: () => ({ url: "/admin" }),
  },
  {
    name: "editor setup page",
    method: "GET",
    pattern: "/admin/setup",
    access: { kind: "public" },
    example: () => ({ url: "/admin/setup" }),
  },
  {
    name: "editor reset page",
    method: "GET",
    pattern: "/admin/reset",
    access: { kind: "public" },
    example: () => ({ url: "/admin/reset?token=x" }),
  },
  {
    name: "editor reset request",
    method: "POST",
    pattern: "/admin/api/reset-request",
    access: { kind: "public" },
    example: () => ({ url: "/admin/api/reset-request", body: { email: "nobody@example.com" } }),
    // Each request is counted against the client (rate_limits), as a guess would be.
    mayWrite: ["rate_limits"],
  },
  {
    name: "editor session",
    method: "GET",
    pattern: "/admin/api/session",
    access: { kind: "public" },
    example: () => ({ url: "/admin/api/session" }),
  },
];

/**
 * The editor's sign-in, session and account changes (the owner's and a collaborator's identity):
 * they act on the caller's own session or account only, or need a one-time token, so in the
 * matrix they prove that strangers are refused and change nothing (the sign-in calls: nothing but
 * their attempt counters); their success is left to their own tests (sign-in limits, setup and
 * reset links, the second factor, sign out everywhere).
 */
export const SESSION_ROWS: RouteRow[] = [
  {
    name: "sign-in",
    method: "POST",
    pattern: "/admin/api/sign-in",
    access: { kind: "stateful" },
    example: () => ({ url: "/admin/api/sign-in", body: { password: "not the password" } }),
    mayWrite: ["rate_limits", "sign_ins"],
  },
  {
    name: "setup",
    method: "POST",
    pattern: "/admin/api/setup",
    access: { kind: "stateful" },
    example: () => ({
      url: "/admin/api/setup",
      body: { token: "not a token", password: "a password of some length" },
    }),
  },
  {
    name: "sign-out",
    method: "POST",
    pattern: "/admin/api/sign-out",
    access: { kind: "stateful" },
    example: () => ({ url: "/admin/api/sign-out", body: {} }),
    endsCaller: "sign-out",
  },
  {
    name: "sign-in code",
    method: "POST",
    pattern: "/admin/api/sign-in/code",
    access: { kind: "stateful" },
    example: () => ({ url: "/admin/api/sign-in/code", body: { stateToken: "x", code: "123456" } }),
    mayWrite: ["rate_limits"],
  },
  {
    name: "reset with a mailed link",
    method: "POST",
    pattern: "/admin/api/reset",
    access: { kind: "stateful" },
    example: () => ({
      url: "/admin/api/reset",
      body: { token: "not a token", password: "a password of some length" },
    }),
  },
  {
    name: "sign out everywhere",
    method: "POST",
    pattern: "/admin/api/sign-out-everywhere",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/sign-out-everywhere", body: {} }),
    endsCaller: "sign-out",
  },
  {
    name: "second factor start",
    method: "POST",
    pattern: "/admin/api/account/second-factor/start",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/account/second-factor/start", body: {} }),
  },
  {
    name: "second factor confirm",
    method: "POST",
    pattern: "/admin/api/account/second-factor/confirm",
    access: { kind: "staff" },
    example: () => ({
      url: "/admin/api/account/second-factor/confirm",
      body: { enrolmentToken: "x", code: "123456" },
    }),
    exampleFails: true,
  },
  {
    name: "second factor off",
    method: "POST",
    pattern: "/admin/api/account/second-factor/off",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/account/second-factor/off", body: { code: "123456" } }),
    exampleFails: true,
  },
];
