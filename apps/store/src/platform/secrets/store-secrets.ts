/**
 * @module Secrets every node on one PostgreSQL database shares (table `store_secrets`, PostgreSQL
 * migration 0010). The first node to need one creates it; every later node, and every node
 * starting at the same moment, reads back that same value.
 */
import type { Db } from "../db/sql-db.ts";

export type StoreSecrets = ReturnType<typeof createStoreSecrets>;

export function createStoreSecrets(db: Db, now: () => number = Date.now) {
  const insert = db.prepare<[string, string, number]>(
    "INSERT INTO store_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
  );
  const read = db.prepare<[string], { value: string }>(
    "SELECT value FROM store_secrets WHERE name = ?",
  );

  return {
    /** The stored value of `name`; `proposed` becomes it when there is none yet. */
    ensure(name: string, proposed: string): string {
      insert.run(name, proposed, now());
      const row = read.get(name);
      if (row === undefined) throw new Error(`store_secrets has no ${name} after inserting it`);
      return row.value;
    },
  };
}
