/**
 * @module The content version (meta `content_version`, bumped by triggers on every item,
 * reference and permission write, whichever process writes), read from SQLite (`SqliteDb`'s
 * `contentVersion()`) at most once per
 * event-loop turn (PostgreSQL: postgres/pg-content-version.ts). A read costs a few microseconds, as much as a cached answer's whole handling,
 * and a busy server handles many requests per turn.
 *
 * Requests handled in one turn share the value read first in it. A write through this connection
 * clears it at once (a temporary trigger, private to the connection, calls back into
 * JavaScript); a commit by another process is seen from the next turn on. Inside a transaction
 * the value is always read afresh and never kept.
 */
import type Database from "better-sqlite3";
import type { ContentVersion } from "./sql-db.ts";

/** The connection's one reader: call once per connection (it registers a callback and trigger). */
export function createContentVersion(db: Database.Database): ContentVersion {
  const read = db
    .prepare<[], number>("SELECT value FROM meta WHERE key = 'content_version'")
    .pluck();
  let kept: number | null = null;
  const forget = () => {
    kept = null;
  };

  db.function("store_content_version_changed", { varargs: false }, () => {
    kept = null;
    return null;
  });
  db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS store_content_version_changed
    AFTER UPDATE OF value ON main.meta WHEN NEW.key = 'content_version'
    BEGIN SELECT store_content_version_changed(); END`);

  return {
    current() {
      if (kept !== null) return kept;
      const value = read.get() ?? 0;
      if (db.inTransaction) return value;
      kept = value;
      setImmediate(forget);
      return value;
    },
  };
}
