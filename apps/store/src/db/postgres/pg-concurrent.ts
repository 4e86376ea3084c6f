/**
 * @module A node's other PostgreSQL connections, for the one kind of statement that need not wait
 * its turn on the node's synchronous connection (pg-db.ts): a write that is its own transaction,
 * such as an item update in one statement. Run from the store's thread without blocking it, so
 * that many are in flight at once and their commits share PostgreSQL's WAL flushes; the pool
 * opens connections as they are needed, up to `max`.
 */
import { createRequire } from "node:module";
import type pg from "pg";

export type ConcurrentConnections = {
  query(
    text: string,
    values: unknown[],
  ): Promise<{ rows: Record<string, unknown>[]; changes: number }>;
  close(): void;
};

// Loaded on the first concurrent statement only: a store on SQLite never pays for it.
const loadPackage = createRequire(import.meta.url);

export function createConcurrentConnections(options: {
  url: string;
  /** Run on each connection before its first statement (the synchronous connection's settings). */
  setup: string;
  applicationName: string;
  max: number;
}): ConcurrentConnections {
  const { Pool } = loadPackage("pg") as typeof pg;
  const pool = new Pool({
    connectionString: options.url,
    application_name: options.applicationName,
    max: options.max,
  });
  // A client queues its statements: the settings run before whatever the pool hands it out for.
  pool.on("connect", (client) => {
    client.query(options.setup).catch(() => {});
  });
  // An idle connection that drops is replaced on the next statement.
  pool.on("error", () => {});
  return {
    async query(text, values) {
      const result = await pool.query(text, values);
      return { rows: result.rows, changes: result.rowCount ?? 0 };
    },
    close() {
      void pool.end().catch(() => {});
    },
  };
}
