/** @module The editor's Members view: owner only, API key included among the refused. */
import { enc, type Method, type RouteRow } from "./route-row.ts";

const memberRow = (name: string, method: Method, action: string): RouteRow => ({
  name,
  method,
  pattern: `/admin/api/members/:memberId${action}`,
  access: { kind: "owner" },
  example: (t) => ({
    url: `/admin/api/members/${enc(t.waitingMemberId)}${action}`,
    ...(method === "POST" ? { body: {} } : {}),
  }),
});

export const MEMBER_ADMIN_ROWS: RouteRow[] = [
  {
    name: "members list",
    method: "GET",
    pattern: "/admin/api/members",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/members?search=example" }),
  },
  memberRow("member approve", "POST", "/approve"),
  memberRow("member block", "POST", "/block"),
  memberRow("member unblock", "POST", "/unblock"),
  memberRow("member activation e-mail", "POST", "/activation-email"),
  memberRow("member delete", "DELETE", ""),
  {
    name: "member settings",
    method: "PUT",
    pattern: "/admin/api/member-settings",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/member-settings", body: { requireApproval: true } }),
  },
];
