/**
 * @module The one way the store sends mail: a `Mailer`. By default a development outbox kept in
 * the database (`npm run store -- outbox` prints it); SMTP (nodemailer) when configured.
 */
import type { Transporter } from "nodemailer";
import type { OutboxStore } from "./outbox-store.ts";

/** A file sent with a mail (a booking's calendar event). */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  attachments?: readonly MailAttachment[];
};

export type Mailer = {
  /** Sends one message; rejects when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
};

/** Keeps every message in the database instead of sending it; attachments are named only. */
export function createOutboxMailer(outbox: OutboxStore, now: () => number): Mailer {
  return {
    async send(message) {
      const named = (message.attachments ?? []).map((file) => `\n[attached: ${file.filename}]`);
      outbox.add(message.to, message.subject, message.text + named.join(""), now());
    },
  };
}

export type SmtpSettings = {
  /** `smtp://user:pass@host:port` or `smtps://…`. */
  url: string;
  from: string;
};

/** Sends through an SMTP server; nodemailer is loaded with the first message, not at start. */
export function createSmtpMailer(settings: SmtpSettings): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= import("nodemailer").then(({ createTransport }) =>
        createTransport(settings.url),
      );
      const { attachments, ...rest } = message;
      await (await transport).sendMail({
        from: settings.from,
        ...rest,
        ...(attachments === undefined ? {} : { attachments: [...attachments] }),
      });
    },
  };
}

/**
 * SMTP_URL (or SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_SECURE) and MAIL_FROM; null
 * when no SMTP server is configured.
 * @throws Error with a one-line message when the settings are incomplete.
 */
export function readSmtpSettings(env: NodeJS.ProcessEnv): SmtpSettings | null {
  const from = env.MAIL_FROM?.trim() || "no-reply@localhost";
  const url = env.SMTP_URL?.trim();
  if (url) {
    if (!/^smtps?:\/\//.test(url)) throw new Error("SMTP_URL must start with smtp:// or smtps://");
    return { url, from };
  }
  const host = env.SMTP_HOST?.trim();
  if (!host) return null;
  const secure = env.SMTP_SECURE?.trim() === "true";
  const port = env.SMTP_PORT?.trim() || (secure ? "465" : "587");
  if (!/^\d+$/.test(port)) throw new Error(`SMTP_PORT must be a port number, got "${port}"`);
  const user = env.SMTP_USER?.trim();
  const auth = user
    ? `${encodeURIComponent(user)}:${encodeURIComponent(env.SMTP_PASS ?? "")}@`
    : "";
  return { url: `${secure ? "smtps" : "smtp"}://${auth}${host}:${port}`, from };
}
