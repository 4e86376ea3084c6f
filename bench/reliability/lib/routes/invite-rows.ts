/**
 * @module The owner's invitations of clients (list, invite, resend, withdraw: the owner's
 * session only; a collaborator edits content, not people), the page an invited client opens from
 * the mail (anyone holding the link's token), and where the owner's notices go (the owner only).
 * The store seeds one pending invitation per row (`seedInvites`), its token derived from the row.
 */
import { type Db, hashToken } from "../../../../apps/store/src/main/testing.ts";
import { enc, FORM, type RouteRow, type Target } from "./route-row.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The seeded pending invitation of a row (resend and withdraw act on it). */
export function seededInviteId(target: Pick<Target, "id">): string {
  return `invite-${target.id}`;
}

/** The link's secret of a row's seeded invitation (the invite page's rows take it up). */
export function seededInviteToken(target: Pick<Target, "id">): string {
  return `reliability-invite-token-${target.id}-0123456789abcdef`;
}

/** One pending invitation per row, nothing to share on arrival, its link live for a week. */
export function seedInvites(db: Db, targets: Iterable<Target>, now: number): void {
  const add = db.prepare(
    `INSERT INTO client_invites (id, email, name, message, resource_ids, file_ids, token_hash,
       invited_at, expires_at, state)
     VALUES (?, ?, 'Invited Client', '', '[]', '[]', ?, ?, ?, 'pending')`,
  );
  for (const target of targets) {
    const id = seededInviteId(target);
    add.run(id, `${id}@example.com`, hashToken(seededInviteToken(target)), now, now + 7 * DAY_MS);
  }
}

export const INVITE_ROWS: RouteRow[] = [
  {
    name: "invites list",
    method: "GET",
    pattern: "/admin/api/invites",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/invites" }),
  },
  {
    name: "invite a client",
    method: "POST",
    pattern: "/admin/api/invites",
    access: { kind: "owner" },
    example: (t) => ({
      url: "/admin/api/invites",
      body: { email: `new-${t.id}@example.com`, name: "New Client", message: "Welcome" },
    }),
  },
  {
    name: "invite resend",
    method: "POST",
    pattern: "/admin/api/invites/:inviteId/resend",
    access: { kind: "owner" },
    example: (t) => ({ url: `/admin/api/invites/${enc(seededInviteId(t))}/resend`, body: {} }),
  },
  {
    name: "invite withdraw",
    method: "DELETE",
    pattern: "/admin/api/invites/:inviteId",
    access: { kind: "owner" },
    example: (t) => ({ url: `/admin/api/invites/${enc(seededInviteId(t))}` }),
  },
  {
    // The link's page: anyone holding a live token sees the form (the invitee's name only).
    name: "invite page",
    method: "GET",
    pattern: "/members/invite",
    access: { kind: "public" },
    example: (t) => ({ url: `/members/invite?token=${enc(seededInviteToken(t))}` }),
  },
  {
    // What the body proves (the link's token) decides, not the caller: the invitee becomes an
    // active member, the link is used up and the audit log says so.
    name: "invite page accept",
    method: "POST",
    pattern: "/members/invite",
    access: { kind: "stateful" },
    example: (t) => ({
      url: "/members/invite",
      body: `token=${enc(seededInviteToken(t))}&password=${enc("reliability invitee password")}`,
      headers: FORM,
    }),
    mayWrite: ["client_invites", "identities", "audit_log"],
  },
];

/** Where the owner's notices go, and the test mail: the owner's session only. */
export const NOTICE_ROWS: RouteRow[] = [
  {
    name: "notices",
    method: "GET",
    pattern: "/admin/api/notices",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/notices" }),
  },
  {
    // The seeded owner has no address yet (the owner identity is made as "owner"), so the
    // owner's test mail is refused too (OWNER_EMAIL_REQUIRED): the matrix holds every other
    // caller to a refusal and to changing nothing.
    name: "notices test mail",
    method: "POST",
    pattern: "/admin/api/notices/test-mail",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/notices/test-mail", body: {} }),
    exampleFails: true,
  },
];
