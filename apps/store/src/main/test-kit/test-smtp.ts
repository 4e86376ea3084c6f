/**
 * @module A real SMTP server on loopback (smtp-server, no TLS, no auth) that keeps what it
 * receives, decoded to plain text: for the store's identity tests, the conformance suite and the
 * e2e member flows, which read mailed codes and links.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { createSmtpMailer, type Mailer } from "../../platform/mail/mailer.ts";
import { type MailFile, parseMail } from "./parse-mail.ts";

/** One message received: its recipients (lower-cased), subject, plain text and files. */
export type ReceivedMail = { to: string[]; subject: string; text: string; attachments: MailFile[] };

export type TestSmtp = {
  /** `smtp://127.0.0.1:<port>`, the store's SMTP_URL. */
  url: string;
  /** A mailer to this server, from `store@example.com`. */
  mailer: Mailer;
  received: ReceivedMail[];
  /** How many messages `to` has received so far. */
  countTo(to: string): number;
  /** The message to `to` after `after` earlier ones, waiting up to 5 s for it. */
  nextMail(to: string, after?: number): Promise<ReceivedMail>;
  /**
   * The first message to `to` whose text matches `pattern` (after `skip` earlier matching ones),
   * waiting up to `timeoutMs` (10 s) for it.
   *
   * @throws {Error} when no such message arrives in time.
   */
  waitFor(
    to: string,
    pattern: RegExp,
    options?: { timeoutMs?: number; skip?: number },
  ): Promise<ReceivedMail>;
  close(): Promise<void>;
};

/**
 * Starts the server on `127.0.0.1:port` (0 = any free port).
 *
 * @throws {Error} when the port cannot be bound.
 */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // Loopback needs no name for its greeting; on a closed network the lookup only waits.
    disableReverseLookup: true,
    // A test's server owes nobody a grace period: a connection still open at close (a mail the
    // store sends as the test ends) is told 421 after a second instead of the default 30 s.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        received.push({ to, ...parseMail(Buffer.concat(chunks).toString("utf8")) });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;

  const find = (to: string, pattern: RegExp, skip: number) =>
    received.filter((mail) => mail.to.includes(to.toLowerCase()) && pattern.test(mail.text))[skip];

  function waitFor(
    to: string,
    pattern: RegExp,
    { timeoutMs = 10_000, skip = 0 }: { timeoutMs?: number; skip?: number } = {},
  ): Promise<ReceivedMail> {
    const found = find(to, pattern, skip);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const wake = () => {
        const mail = find(to, pattern, skip);
        if (!mail) return;
        cleanup();
        resolve(mail);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`No mail to ${to} matching ${pattern} within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(wake);
      };
      waiters.add(wake);
    });
  }

  return {
    url,
    mailer: createSmtpMailer({ url, from: "store@example.com" }),
    received,
    countTo: (to) => received.filter((mail) => mail.to.includes(to.toLowerCase())).length,
    nextMail: (to, after = 0) => waitFor(to, /(?:)/, { skip: after, timeoutMs: 5_000 }),
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
