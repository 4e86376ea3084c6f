/** @module All SQL for the contact form's messages (`contact_messages`). */
import type { ContactMessage, MessageStatus } from "@consultant/site-content/wire";
import type { Db } from "../platform/db/sql-db.ts";

type RawMessage = Omit<ContactMessage, "createdAt"> & { created_at: number };

/** Messages listed at once in /admin (the newest first). */
const LIST_LIMIT = 500;

function toMessage(row: RawMessage): ContactMessage {
  const { created_at, ...rest } = row;
  return { ...rest, createdAt: Number(created_at) };
}

export type ContactStore = ReturnType<typeof createContactStore>;

export function createContactStore(db: Db) {
  const statements = {
    add: db.prepare(
      `INSERT INTO contact_messages (id, name, email, message, status, created_at)
       VALUES (?, ?, ?, ?, 'new', ?)`,
    ),
    list: db.prepare<[number], RawMessage>(
      "SELECT * FROM contact_messages ORDER BY created_at DESC, id LIMIT ?",
    ),
    setStatus: db.prepare<[string, string], RawMessage>(
      "UPDATE contact_messages SET status = ? WHERE id = ? RETURNING *",
    ),
    count: db.prepare<[], { total: number }>("SELECT count(*) AS total FROM contact_messages"),
  };
  return {
    add(message: Omit<ContactMessage, "status">): void {
      const { id, name, email, message: text, createdAt } = message;
      statements.add.run(id, name, email, text, createdAt);
    },
    list(): ContactMessage[] {
      return statements.list.all(LIST_LIMIT).map(toMessage);
    },
    setStatus(id: string, status: MessageStatus): ContactMessage | null {
      const row = statements.setStatus.get(status, id);
      return row === undefined ? null : toMessage(row);
    },
    count(): number {
      return Number(statements.count.get()?.total ?? 0);
    },
  };
}
