/**
 * @module The content version on PostgreSQL, where a read is a round trip: kept until it changes.
 * The schema's triggers NOTIFY `store_content_version` on every content write, whichever node
 * makes it; each node LISTENs and forgets its value on the notice, and on its own commits at once.
 * While the listening connection is down the value is read again every event-loop turn, as on
 * SQLite, so a missed notice can only delay a change by one turn, never hide it.
 */
import { createRequire } from "node:module";
import type pg from "pg";
import type { ContentVersion, Db } from "../sql-db.ts";

const RECONNECT_DELAY_MS = 1000;
const CHANNEL = "store_content_version";

// Loaded on the first PostgreSQL connection only: a store on SQLite never pays for it.
const loadPackage = createRequire(import.meta.url);

/** What this reader needs of the connection (pg-db.ts): where it is, its writes and its close. */
export type ListenedDb = Db & {
  readonly url: string;
  onWrite(listener: () => void): void;
  onClose(listener: () => void): void;
};

/** The connection's one reader: call once per connection (it opens a listening client). */
export function createPgContentVersion(db: ListenedDb): ContentVersion {
  const { Client } = loadPackage("pg") as typeof pg;
  const read = db.prepare<[], { value: number }>(
    "SELECT value FROM meta WHERE key = 'content_version'",
  );
  let kept: number | null = null;
  let listening = false;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const forget = () => {
    kept = null;
  };
  db.onWrite(forget);

  function scheduleReconnect(): void {
    listening = false;
    kept = null;
    if (closed || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, RECONNECT_DELAY_MS);
    retry.unref();
  }

  async function listen(): Promise<void> {
    const next = new Client({
      connectionString: db.url,
      application_name: "consultant-store-listen",
    });
    client = next;
    next.on("notification", forget);
    next.on("error", () => scheduleReconnect());
    next.on("end", () => scheduleReconnect());
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      // Anything committed before the LISTEN took effect is read afresh.
      kept = null;
      listening = !closed;
      if (closed) await next.end();
    } catch {
      await next.end().catch(() => {});
      scheduleReconnect();
    }
  }

  db.onClose(() => {
    closed = true;
    listening = false;
    if (retry !== null) clearTimeout(retry);
    void client?.end().catch(() => {});
  });
  void listen();

  return {
    current(): number {
      if (kept !== null) return kept;
      const value = read.get()?.value ?? 0;
      if (db.inTransaction) return value;
      kept = value;
      if (!listening) setImmediate(forget);
      return value;
    },
  };
}
