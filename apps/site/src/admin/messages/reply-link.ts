/**
 * @module "Reply" on a contact message: a `mailto:` link to the sender with the subject and the
 * message quoted. Everything the visitor typed is percent-encoded (RFC 6068), so a crafted
 * address or message cannot add recipients or headers (`?bcc=`, `&cc=`, line breaks); an
 * address that is not one plain mailbox gets no link at all.
 */

/** One mailbox: no spaces, no separators, no characters that start a URL's query or fragment. */
const PLAIN_ADDRESS =
  /^[^\s@,;:<>()[\]\\"?&#%/]+@[^\s@,;:<>()[\]\\"?&#%/]+\.[^\s@,;:<>()[\]\\"?&#%/]+$/;

/** Mail programs refuse very long links; the quote is cut well before. */
const QUOTE_MAX = 1_500;

export type ReplyTo = { name: string; email: string; message: string; createdAt: number };

export function replyLink(message: ReplyTo, when: string): string | null {
  const address = message.email.trim();
  if (!PLAIN_ADDRESS.test(address)) return null;
  const text =
    message.message.length > QUOTE_MAX
      ? `${message.message.slice(0, QUOTE_MAX)}…`
      : message.message;
  const quoted = text
    .split(/\r\n|\r|\n/)
    .map((line) => `> ${line}`)
    .join("\r\n");
  const body = `\r\n\r\nOn ${when}, ${message.name} wrote:\r\n${quoted}`;
  const query = `subject=${encodeURIComponent("Re: your message")}&body=${encodeURIComponent(body)}`;
  return `mailto:${encodeURIComponent(address)}?${query}`;
}
