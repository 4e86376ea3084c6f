/**
 * @module What every request checks (the API key's hash, a collection's permissions), kept by a
 * PostgreSQL node instead of a round trip per request. Forgotten on the node's own writes to
 * those tables (access-store.ts, collections-store.ts) and on the `store_access_changed` notice
 * the schema's triggers send on anyone's (migration 0050), so a rotation or a permission change
 * on another node applies here as soon as the notice arrives. While notices may be missed (the
 * listening connection is down), nothing is kept past the event-loop turn; nothing read inside a
 * transaction is kept, as it may yet roll back.
 */
import type { ChangeNotices, Db } from "../sql-db.ts";

export type AccessCache = {
  /** The value kept under `key`, else `read()`'s, kept when `keepIt` says so. */
  keep<T>(key: string, read: () => T, keepIt: (value: T) => boolean): T;
  forget(): void;
};

export function createPgAccessCache(db: Db, notices: ChangeNotices): AccessCache {
  const kept = new Map<string, unknown>();
  let clearing = false;
  const forget = () => {
    kept.clear();
  };
  notices.on("store_access_changed", forget);

  function clearNextTurn(): void {
    if (clearing) return;
    clearing = true;
    setImmediate(() => {
      clearing = false;
      forget();
    });
  }

  return {
    keep<T>(key: string, read: () => T, keepIt: (value: T) => boolean): T {
      if (kept.has(key)) return kept.get(key) as T;
      const value = read();
      if (db.inTransaction || !keepIt(value)) return value;
      kept.set(key, value);
      if (!notices.listening()) clearNextTurn();
      return value;
    },
    forget,
  };
}
