/**
 * @module The notices PostgreSQL sends every node (NOTIFY, from the schema's triggers, whichever
 * client wrote): one listening connection per `PgDb`, beside the one that runs statements, for
 * every channel the node's caches follow (the content version, access, ended sessions). A cache
 * may keep a value across event-loop turns only while `listening()`: while the connection is
 * down (and until it listens again) a notice may be missed, and then every listener is told so
 * (a null payload) and falls back to reading afresh.
 */
import { createRequire } from "node:module";
import type pg from "pg";
import type { ChangeNotices, NoticeChannel } from "../sql-db.ts";

const RECONNECT_DELAY_MS = 1000;

const CHANNELS: readonly NoticeChannel[] = [
  "store_content_version",
  "store_access_changed",
  "store_session_ended",
];

/**
 * Channels whose payload names the schema written (or is empty, for everyone's): stores sharing
 * a database in schemas of their own (tests) skip each other's. Ended sessions carry the
 * session's id, which is unique across schemas.
 */
const SCHEMA_PAYLOADS: ReadonlySet<NoticeChannel> = new Set([
  "store_content_version",
  "store_access_changed",
]);

/** What the listener needs of the connection (pg-db.ts): where it is, its writes and its close. */
export type NoticedDb = {
  readonly url: string;
  /** The schema the connection works in, when it set one itself (tests). */
  readonly schema?: string | undefined;
  onWrite(listener: () => void): void;
  onClose(listener: () => void): void;
};

// Loaded on the first PostgreSQL connection only: a store on SQLite never pays for it.
const loadPackage = createRequire(import.meta.url);
const noticesOf = new WeakMap<NoticedDb, ChangeNotices>();

/** The node's one listener on `db`'s database (created on first use, closed with `db`). */
export function pgNotices(db: NoticedDb): ChangeNotices {
  let notices = noticesOf.get(db);
  if (notices === undefined) {
    notices = listenOn(db);
    noticesOf.set(db, notices);
  }
  return notices;
}

function listenOn(db: NoticedDb): ChangeNotices {
  const { Client } = loadPackage("pg") as typeof pg;
  const listeners = new Map<NoticeChannel, ((payload: string | null) => void)[]>();
  let listening = false;
  let closed = false;
  let schema: string | null = null;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const tell = (channel: NoticeChannel, payload: string | null) => {
    for (const listener of listeners.get(channel) ?? []) listener(payload);
  };
  const tellAll = () => {
    for (const channel of listeners.keys()) tell(channel, null);
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
      const channel = message.channel as NoticeChannel;
      const payload = message.payload ?? "";
      // A notice naming another schema is another store's (a payload of '' is everyone's).
      if (SCHEMA_PAYLOADS.has(channel) && payload && schema !== null && payload !== schema) return;
      tell(channel, payload);
    });
    next.on("error", () => scheduleReconnect());
    next.on("end", () => scheduleReconnect());
    try {
      await next.connect();
      schema =
        db.schema ?? (await next.query("SELECT current_schema() AS name")).rows[0]?.name ?? null;
      await next.query(CHANNELS.map((channel) => `LISTEN ${channel}`).join("; "));
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
    tellAll();
    if (retry !== null) clearTimeout(retry);
    void client?.end().catch(() => {});
  });
  void listen();

  return {
    on(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    },
    listening: () => listening,
    onOwnWrite: (listener) => db.onWrite(listener),
  };
}
