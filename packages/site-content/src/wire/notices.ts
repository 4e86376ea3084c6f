/**
 * @module Where the owner's notices go, as `GET /admin/api/notices` answers it: the owner's one
 * address (every notice, reset and approval goes there), whether mail leaves the store at all,
 * and when a test mail last did. Times are ISO-8601 strings.
 */

export type MailNotices = {
  /** The owner's address, or null until they give one. */
  ownerEmail: string | null;
  /** False while mail stays in the store's development outbox (no SMTP server configured). */
  mailDelivers: boolean;
  /** When a test mail to the owner last left the store, or null. */
  testedAt: string | null;
  /** True once all three hold: an address, a mail server, a test mail sent. */
  ready: boolean;
};

/** `POST /admin/api/notices/test-mail`: where the test mail went. */
export type TestMailSent = { sentTo: string; testedAt: string };
