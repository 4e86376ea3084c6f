/**
 * @module The notices PostgreSQL sends every node (NOTIFY, from the schema's triggers, whichever
 * client wrote): one listening connection per `PgDb`, beside the one that runs statements, for
 * every channel the node's caches follow. A cache may keep a value across event-loop turns only
 * while `listening()`: while the connection is down (and until it listens again) a notice may be
 * missed, and then `down` listeners are told so that caches fall back to reading afresh.
 */
import { createRequire } from "node:module";
import type pg from "pg";

const RECONNECT_DELAY_MS = 1000;

export type PgChannel = "store_content_version" | "store_access_changed";

export type PgNotices = {
  /** Calls `listener` on every notice on `channel`, and whenever notices may have been missed. */
  on(channel: PgChannel, listener: () => void): void;
  /** True while every notice reaches this node. */
  listening(): boolean;
};

/** What the listener needs of the connection (pg-db.ts): where it is, and its close. */
export type NoticedDb = {
  readonly url: string;
  /** The schema the connection works in, when it set one itself (tests). */
  readonly schema?: string | undefined;
  onClose(listener: () => void): void;
};

// Loaded on the first PostgreSQL connection only: a store on SQLite never pays for it.
const loadPackage = createRequire(import.meta.url);
const noticesOf = new WeakMap<NoticedDb, PgNotices>();

/** The node's one listener on `db`'s database (created on first use, closed with `db`). */
export function pgNotices(db: NoticedDb): PgNotices {
  let notices = noticesOf.get(db);
  if (notices === undefined) {
    notices = listenOn(db);
    noticesOf.set(db, notices);
  }
  return notices;
}

function listenOn(db: NoticedDb): PgNotices {
  const { Client } = loadPackage("pg") as typeof pg;
  const listeners = new Map<PgChannel, (() => void)[]>();
  let listening = false;
  let closed = false;
  let schema: string | null = null;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const tell = (channel: PgChannel) => {
    for (const listener of listeners.get(channel) ?? []) listener();
  };
  const tellAll = () => {
    for (const channel of listeners.keys()) tell(channel);
  };

  function scheduleReconnect(): void {
    listening = false;
    tellAll();
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
    next.on("notification", (message) => {
      // A notice naming another schema is another store's (a payload of '' is everyone's).
      if (message.payload && schema !== null && message.payload !== schema) return;
      tell(message.channel as PgChannel);
    });
    next.on("error", () => scheduleReconnect());
    next.on("end", () => scheduleReconnect());
    try {
      await next.connect();
      schema =
        db.schema ?? (await next.query("SELECT current_schema() AS name")).rows[0]?.name ?? null;
      await next.query("LISTEN store_content_version; LISTEN store_access_changed");
      listening = !closed;
      // Anything committed before the LISTEN took effect is read afresh.
      tellAll();
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
    on(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    },
    listening: () => listening,
  };
}
