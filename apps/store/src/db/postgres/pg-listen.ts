/**
 * @module One LISTEN connection for one channel, reconnecting after a second while it is down.
 * `onState(false)` says notices may be missed (the caller must stop trusting what it keeps);
 * `onState(true)` comes once the LISTEN took effect (anything earlier must be read afresh).
 */
import { createRequire } from "node:module";
import type pg from "pg";
import type { PgDb } from "./pg-db.ts";

const RECONNECT_DELAY_MS = 1000;

// Loaded on the first PostgreSQL connection only: a store on SQLite never pays for it.
const loadPackage = createRequire(import.meta.url);

export function listenPg(
  pgDb: PgDb,
  channel: string,
  handlers: { onNotice: (payload: string) => void; onState: (listening: boolean) => void },
): void {
  const { Client } = loadPackage("pg") as typeof pg;
  let closed = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  function scheduleReconnect(): void {
    handlers.onState(false);
    if (closed || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      void listen();
    }, RECONNECT_DELAY_MS);
    retry.unref();
  }

  async function listen(): Promise<void> {
    const next = new Client({ connectionString: pgDb.url, application_name: `store-${channel}` });
    client = next;
    next.on("notification", (message) => handlers.onNotice(message.payload ?? ""));
    next.on("error", () => scheduleReconnect());
    next.on("end", () => scheduleReconnect());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      if (closed) await next.end();
      else handlers.onState(true);
    } catch {
      await next.end().catch(() => {});
      scheduleReconnect();
    }
  }

  pgDb.onClose(() => {
    closed = true;
    handlers.onState(false);
    if (retry !== null) clearTimeout(retry);
    void client?.end().catch(() => {});
  });
  void listen();
}
