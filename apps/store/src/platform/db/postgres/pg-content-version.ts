/**
 * @module The content version on PostgreSQL, where a read is a round trip: kept until it changes.
 * It is meta's `content_version` plus the per-connection counters every content write adds 1 to
 * (migration 0050: no row that every writer locks). The schema's triggers NOTIFY
 * `store_content_version` on every content write, whichever node makes it; each node forgets its
 * value on the notice (pg-notices.ts), and on its own commits at once. While the listening
 * connection is down the value is read again every event-loop turn, as on SQLite, so a missed
 * notice can only delay a change by one turn, never hide it.
 */
import type { ContentVersion, Db } from "../sql-db.ts";
import { type NoticedDb, pgNotices } from "./pg-notices.ts";

/** What this reader needs of the connection (pg-db.ts): where it is, its writes and its close. */
export type ListenedDb = Db &
  NoticedDb & {
    onWrite(listener: () => void): void;
  };

/** The connection's one reader: call once per connection. */
export function createPgContentVersion(db: ListenedDb): ContentVersion {
  const notices = pgNotices(db);
  const read = db.prepare<[], { value: number }>(
    `SELECT (SELECT value FROM meta WHERE key = 'content_version')
          + (SELECT coalesce(sum(value), 0) FROM content_version_slots) AS value`,
  );
  let kept: number | null = null;
  const forget = () => {
    kept = null;
  };
  db.onWrite(forget);
  notices.on("store_content_version", forget);

  return {
    current(): number {
      if (kept !== null) return kept;
      const value = Number(read.get()?.value ?? 0);
      if (db.inTransaction) return value;
      kept = value;
      if (!notices.listening()) setImmediate(forget);
      return value;
    },
  };
}
