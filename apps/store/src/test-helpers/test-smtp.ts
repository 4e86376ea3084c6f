/** A real SMTP server in-process (smtp-server) for identity tests: what it received, decoded. */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { createSmtpMailer, type Mailer } from "../identity/mailer.ts";

export type ReceivedMail = { to: string; subject: string; text: string };

export type TestSmtp = {
  mailer: Mailer;
  received: ReceivedMail[];
  /** The newest message to `to` after `count` earlier ones (polls what arrived). */
  nextMail(to: string, after?: number): Promise<ReceivedMail>;
  /** How many messages `to` has received so far. */
  countTo(to: string): number;
  close(): Promise<void>;
};

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

function parse(raw: string, to: string): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const body = raw.slice(split + 4);
  const header = (name: string) =>
    new RegExp(`^${name}: (.*)$`, "im").exec(head)?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  const text =
    encoding === "base64"
      ? Buffer.from(body, "base64").toString("utf8")
      : encoding === "quoted-printable"
        ? decodeQuotedPrintable(body)
        : body;
  return { to, subject: header("Subject"), text };
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(",");
        received.push(parse(Buffer.concat(chunks).toString("latin1"), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const countTo = (to: string) => received.filter((m) => m.to === to).length;
  return {
    mailer: createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: "store@example.com" }),
    received,
    countTo,
    async nextMail(to, after = 0) {
      for (let i = 0; i < 500; i++) {
        const mine = received.filter((m) => m.to === to);
        const mail = mine[after];
        if (mail !== undefined) return mail;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no mail to ${to}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
