import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/** One message the catcher received, decoded to plain text. */
export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on loopback that keeps what it receives, for tests that read mailed codes and links. */
export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>`, the store's SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /**
   * Resolves with the first message to `address` whose text matches `pattern` (after `skip`
   * earlier matching ones, 0 by default), waiting up to `timeoutMs` (10 s) for it.
   *
   * @throws {Error} when no such message arrives in time.
   */
  waitFor(
    address: string,
    pattern: RegExp,
    options?: { timeoutMs?: number; skip?: number },
  ): Promise<CaughtMail>;
  close(): Promise<void>;
}

/**
 * Starts an SMTP server (smtp-server, no TLS, no auth) on `127.0.0.1:port` (0 = any free port).
 *
 * @throws {Error} when the port cannot be bound.
 */
export async function startMailCatcher(port = 0): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
        messages.push({ to, ...parseMessage(Buffer.concat(chunks).toString("utf8")) });
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;

  const find = (to: string, pattern: RegExp, skip: number) =>
    messages.filter((mail) => mail.to.includes(to.toLowerCase()) && pattern.test(mail.text))[skip];

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    waitFor(to, pattern, { timeoutMs = 10_000, skip = 0 } = {}) {
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
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Reads the subject and the plain-text part of a raw message (single part or multipart). */
function parseMessage(raw: string): { subject: string; text: string } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = readHeaders(head);
  const body = rest.join("\n\n");
  const subject = decodeWords(headers.get("subject") ?? "");
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (boundary) {
    for (const part of body.split(`--${boundary}`)) {
      const [partHead = "", ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
      const partHeaders = readHeaders(partHead);
      if (/text\/plain/i.test(partHeaders.get("content-type") ?? "")) {
        return { subject, text: decodeBody(partBody.join("\n\n"), partHeaders) };
      }
    }
  }
  return { subject, text: decodeBody(body, headers) };
}

function readHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, headers: Map<string, string>): string {
  const encoding = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  if (encoding === "base64")
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  return Buffer.from(bytes, "latin1").toString("utf8");
}

// RFC 2047 encoded words, e.g. =?UTF-8?Q?...?= or =?UTF-8?B?...?=.
function decodeWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([QB])\?([^?]*)\?=/gi,
    (_match, _charset, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
  );
}
