/** @module A raw mail message as a test reads it: the subject and the plain-text part, decoded. */

/** A file that came with a message, decoded. */
export type MailFile = { filename: string; contentType: string; content: string };

/** Reads the subject, the plain-text part and the attached files of a raw message. */
export function parseMail(raw: string): { subject: string; text: string; attachments: MailFile[] } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = readHeaders(head);
  const body = rest.join("\n\n");
  const subject = decodeWords(headers.get("subject") ?? "");
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return { subject, text: decodeBody(body, headers), attachments: [] };
  let text = "";
  const attachments: MailFile[] = [];
  for (const part of body.split(`--${boundary}`)) {
    const [partHead = "", ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const partHeaders = readHeaders(partHead);
    const partType = partHeaders.get("content-type") ?? "";
    const filename = /filename="?([^";]+)"?/i.exec(partHeaders.get("content-disposition") ?? "");
    const content = decodeBody(partBody.join("\n\n"), partHeaders);
    if (filename?.[1]) {
      attachments.push({ filename: filename[1], contentType: partType, content });
    } else if (text === "" && /text\/plain/i.test(partType)) {
      text = content;
    }
  }
  return { subject, text, attachments };
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
  // Whitespace between two encoded words is folding, not text (RFC 2047 §6.2).
  return value
    .replace(/(\?=)\s+(?==\?)/g, "$1")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_match, _charset, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}
