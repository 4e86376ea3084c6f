/**
 * @module The security page: a member's own sessions, sign-ins, export and deletion
 * (their access token only: the API key and visitors are refused), the editor's own sessions
 * and sign-ins (staff), and the owner's audit log. The calls that end sessions or delete the
 * account end the matrix's own callers, so the matrix runs them after every other row; the
 * deletion runs last in the fuzzer.
 */
import type { RouteRow } from "./route-row.ts";

const ACCOUNT = "/_api/account/v1";
// A second member acts on their own account only.
const MEMBER_ONLY = { kind: "callers", names: ["member"], own: ["other member"] } as const;
const SESSIONS = "sessions";

/** The reads: every caller in the permission matrix. */
export const SECURITY_ROWS: RouteRow[] = [
  {
    name: "member: sessions",
    method: "GET",
    pattern: `${ACCOUNT}/sessions`,
    access: MEMBER_ONLY,
    example: () => ({ url: `${ACCOUNT}/sessions` }),
  },
  {
    name: "member: sign-ins",
    method: "GET",
    pattern: `${ACCOUNT}/sign-ins`,
    access: MEMBER_ONLY,
    example: () => ({ url: `${ACCOUNT}/sign-ins` }),
  },
  {
    name: "member: export",
    method: "GET",
    pattern: `${ACCOUNT}/export`,
    access: MEMBER_ONLY,
    example: () => ({ url: `${ACCOUNT}/export` }),
  },
  {
    name: "editor: own sessions",
    method: "GET",
    pattern: "/admin/api/account/sessions",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/account/sessions" }),
  },
  {
    name: "editor: own sign-ins",
    method: "GET",
    pattern: "/admin/api/account/sign-ins",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/account/sign-ins" }),
  },
  {
    name: "owner: audit log",
    method: "GET",
    pattern: "/admin/api/audit",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/audit?limit=10" }),
  },
];

/** Ending sessions and deleting the account: the matrix runs them last (`endsCaller`). */
export const SECURITY_SESSION_ROWS: RouteRow[] = [
  {
    name: "member: end a session",
    method: "POST",
    pattern: `${ACCOUNT}/sessions/:sessionId/end`,
    access: MEMBER_ONLY,
    mayWrite: [SESSIONS],
    example: () => ({ url: `${ACCOUNT}/sessions/no-such-session/end`, body: {} }),
    exampleFails: true,
  },
  {
    name: "member: end other sessions",
    method: "POST",
    pattern: `${ACCOUNT}/sessions/end-others`,
    access: MEMBER_ONLY,
    mayWrite: [SESSIONS],
    example: () => ({ url: `${ACCOUNT}/sessions/end-others`, body: {} }),
    endsCaller: "sessions",
  },
  {
    name: "editor: end a session",
    method: "POST",
    pattern: "/admin/api/account/sessions/:sessionId/end",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/account/sessions/no-such-session/end", body: {} }),
    exampleFails: true,
  },
  {
    name: "editor: end other sessions",
    method: "POST",
    pattern: "/admin/api/account/sessions/end-others",
    access: { kind: "staff" },
    example: () => ({ url: "/admin/api/account/sessions/end-others", body: {} }),
    endsCaller: "sessions",
  },
  {
    name: "member: delete the account",
    method: "POST",
    pattern: `${ACCOUNT}/delete`,
    access: MEMBER_ONLY,
    example: () => ({ url: `${ACCOUNT}/delete`, body: {} }),
    endsCaller: "account",
    // The member's own deletion erases every row about them, and the owner's log names it.
    mayWrite: [
      "identities",
      "identity_tokens",
      "identity_recovery_codes",
      SESSIONS,
      "sign_ins",
      "passkeys",
      "items",
      "item_history",
      // PostgreSQL's content-version counters: removing the member's own items is a content write.
      "content_version_slots",
      "mail_outbox",
      "contact_messages",
      "rate_limits",
      "files",
      "file_share_members",
      "file_receipts",
      "audit_log",
      // The bookings the member made (signed in, or with their address), their claims and reminders.
      "bookings",
      "booking_time_claims",
      "booking_day_claims",
      "booking_reminders",
    ],
  },
];
