/** @module The contact form: its public routes, and the owner's Messages view. */
import { enc, FORM, type RouteRow } from "./route-row.ts";

export const CONTACT_ROWS: RouteRow[] = [
  {
    name: "contact form token",
    method: "GET",
    pattern: "/contact/token",
    access: { kind: "public" },
    example: () => ({ url: "/contact/token" }),
  },
  {
    // Without a token (the page without JavaScript): the form again, with one; nothing stored.
    name: "contact form post",
    method: "POST",
    pattern: "/contact",
    access: { kind: "public" },
    example: () => ({
      url: "/contact",
      body: "name=Ada&email=ada%40example.com&message=Hello",
      headers: FORM,
    }),
    // Every post is counted against its address before anything else.
    mayWrite: ["rate_limits"],
  },
  {
    name: "contact messages",
    method: "GET",
    pattern: "/admin/api/contact-messages",
    access: { kind: "owner" },
    example: () => ({ url: "/admin/api/contact-messages" }),
  },
  {
    name: "contact message status",
    method: "POST",
    pattern: "/admin/api/contact-messages/:messageId/status",
    access: { kind: "owner" },
    example: (t) => ({
      url: `/admin/api/contact-messages/${enc(t.messageId)}/status`,
      body: { status: "read" },
    }),
  },
];
