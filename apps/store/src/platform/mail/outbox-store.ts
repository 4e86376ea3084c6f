/** @module All SQL for the development mail outbox (messages kept in the database). */
import type { Db } from "../db/sql-db.ts";

export type OutboxMessage = {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: number;
};

type RawMessage = {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
};

/** Messages kept; older ones are dropped as new ones arrive. */
const OUTBOX_KEEP = 500;

export type OutboxStore = ReturnType<typeof createOutboxStore>;

export function createOutboxStore(db: Db) {
  const add = db.prepare(
    "INSERT INTO mail_outbox (recipient, subject, body, created_at) VALUES (?, ?, ?, ?)",
  );
  const trim = db.prepare(
    "DELETE FROM mail_outbox WHERE id <= (SELECT max(id) FROM mail_outbox) - ?",
  );
  const latest = db.prepare<[number], RawMessage>(
    "SELECT * FROM mail_outbox ORDER BY id DESC LIMIT ?",
  );
  return {
    add(to: string, subject: string, text: string, now: number): void {
      add.run(to, subject, text, now);
      trim.run(OUTBOX_KEEP);
    },

    /** The newest messages first. */
    latest(limit: number): OutboxMessage[] {
      return latest.all(limit).map((row) => ({
        id: row.id,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        createdAt: row.created_at,
      }));
    },
  };
}
