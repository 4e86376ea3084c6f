/**
 * @module The files' mails: a client hears once per share (one batch, however many files), the
 * owner once per client per interval, of every file that client uploaded in it
 * (upload-digest.ts). Links use PUBLIC_URL, else the site's address from Site settings, else
 * (a share, made in a request) a developer's loopback origin, never what a request says about
 * itself; without one the mail has no link.
 */

import type { MailMessage } from "../platform/mail/mailer.ts";
import type { FileRow } from "./files-store.ts";

/** Where a member finds their files on the site. */
export const CLIENT_AREA_PATH = "/members/client-area";

export function sharedMail(options: {
  to: string;
  files: readonly FileRow[];
  note: string;
  expiresAt: number | null;
  origin: string | null;
}): MailMessage {
  const { files, note, expiresAt, origin } = options;
  const names = files.map((file) => `- ${file.name}`).join("\n");
  const lines = [
    files.length === 1
      ? "A file was shared with you:"
      : `${files.length} files were shared with you:`,
    "",
    names,
  ];
  if (note !== "") lines.push("", "Note:", note);
  if (expiresAt !== null) {
    lines.push("", `Available until ${new Date(expiresAt).toUTCString()}.`);
  }
  lines.push(
    "",
    origin === null
      ? "Sign in to your client area to download them."
      : `Download them in your client area: ${origin}${CLIENT_AREA_PATH}`,
  );
  return {
    to: options.to,
    subject: files.length === 1 ? "A file was shared with you" : "Files were shared with you",
    text: lines.join("\n"),
  };
}

export function uploadsMail(options: {
  to: string;
  memberEmail: string;
  files: readonly FileRow[];
  origin: string | null;
}): MailMessage {
  const { memberEmail, files, origin } = options;
  const one = files.length === 1;
  const names = files.map((file) => `- ${file.name} (${formatSize(file.size)})`).join("\n");
  const lines = [
    one
      ? `${memberEmail} uploaded a file for you:`
      : `${memberEmail} uploaded ${files.length} files for you:`,
    "",
    names,
    "",
    origin === null
      ? `Open the editor's Files panel to download ${one ? "it" : "them"}.`
      : `Open the editor's Files panel to download ${one ? "it" : "them"}: ${origin}/admin`,
  ];
  return {
    to: options.to,
    subject: one ? `New file from ${memberEmail}` : `${files.length} new files from ${memberEmail}`,
    text: lines.join("\n"),
  };
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
