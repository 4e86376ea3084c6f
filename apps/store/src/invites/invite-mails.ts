/**
 * @module The invitation's mail: it names the consultant and their site, carries the owner's
 * own words, and the one-time link (from PUBLIC_URL or the site's address, never a Host).
 */
import type { MailMessage } from "../platform/mail/mailer.ts";

/** Who invites: the consultant's name and the site's (their company or the site's title). */
export type Inviter = { name: string; site: string };

/** Where the client takes up an invitation. */
export const INVITE_PAGE_PATH = "/members/invite";

export function inviteLink(origin: string, token: string): string {
  return `${origin}${INVITE_PAGE_PATH}?token=${encodeURIComponent(token)}`;
}

export function inviteMail(options: {
  to: string;
  name: string;
  message: string;
  inviter: Inviter;
  link: string;
  days: number;
}): MailMessage {
  const { name, message, inviter, link, days } = options;
  const where = inviter.site === inviter.name ? "their site" : inviter.site;
  const lines = [
    `Hello ${name},`,
    "",
    `${inviter.name} invites you to the client area of ${where}, where they share documents and resources with you.`,
  ];
  if (message !== "") lines.push("", `${inviter.name} writes:`, message);
  lines.push(
    "",
    `Choose your password here (the link works once, for ${days} days):`,
    link,
    "",
    `If you did not expect this mail, ignore it: nothing happens until the link is used.`,
  );
  return {
    to: options.to,
    subject: `${inviter.name} invites you to the client area of ${where}`,
    text: lines.join("\n"),
  };
}
