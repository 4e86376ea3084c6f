/**
 * @module When a test mail to the owner last left the store (the editor's notice about mail
 * stays until one has): one row of `meta`, so every node sharing the database agrees.
 */
import type { Db } from "../../platform/db/sql-db.ts";

const KEY = "mail_checked_at";

export type MailCheckStore = ReturnType<typeof createMailCheckStore>;

export function createMailCheckStore(db: Db) {
  const read = db.prepare<[string], { value: number | string }>(
    "SELECT value FROM meta WHERE key = ?",
  );
  const write = db.prepare(
    "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  );
  return {
    /** The time of the last test mail handed over, or null. */
    checkedAt(): number | null {
      const row = read.get(KEY);
      return row === undefined ? null : Number(row.value);
    },
    markChecked(at: number): void {
      write.run(KEY, at);
    },
  };
}
