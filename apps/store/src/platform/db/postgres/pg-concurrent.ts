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

/**
 * Each distinct statement text gets a name, so that each connection parses and plans it once
 * and then only binds values (the texts are the store's own statements: a bounded set).
 */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `store_concurrent_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

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
  // An idle connection that drops is replaced on the next statement.
  pool.on("error", () => {});
  // Set up before its first statement, awaited: a setup sent from the pool's "connect" event
  // would still run when the statement is sent on top of it.
  const ready = new WeakSet<pg.PoolClient>();

  return {
    async query(text, values) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        if (!ready.has(client)) {
          await client.query(options.setup);
          ready.add(client);
        }
        const result = await client.query({ name: statementName(text), text, values });
        return { rows: result.rows, changes: result.rowCount ?? 0 };
      } catch (error) {
        // A connection that failed below SQL (no SQLSTATE) is not given out again.
        if (typeof (error as { code?: unknown }).code !== "string") broken = error as Error;
        throw error;
      } finally {
        client.release(broken);
      }
    },
    close() {
      void pool.end().catch(() => {});
    },
  };
}
