import type { FastifyInstance } from "fastify";
import {
  type CreateAppOptions,
  createAccessStore,
  createApiKeys,
  createApp,
  createItemsStore,
  type ItemData,
  openTestDb,
  SITE_OWNER_ID,
  seedContent,
} from "../../apps/store/src/main/testing.ts";

/** The OAuth client id the stores accept; the SDK's OAuthStrategy is created with it. */
export const CLIENT_ID = "local";
/** Where every store's clock starts; stores in one test share a clock so their dates agree. */
export const START_MS = Date.parse("2025-03-01T10:00:00.000Z");

const SIGNING_KEY = new Uint8Array(32).fill(42);

/** A clock in epoch milliseconds that tests move by hand. */
export interface Clock {
  ms: number;
}

/** A real store listening on a loopback port, seeded with the sample content. */
export interface RunningStore {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The store's API key for elevated calls, as its first start creates it. */
  apiKey: string;
  /** Writes items straight into the database (test fixtures), with the store's own insert. */
  insert(collectionId: string, items: ItemData[]): void;
  /** Lets only members (and the owner) read a collection, as the owner would configure it. */
  restrictReadsToMembers(collectionId: string): void;
  close(): Promise<void>;
}

/** Optional settings of {@link startStore}. */
export interface StoreOptions {
  /** Members' settings, mailer and captcha verifier. */
  identity?: CreateAppOptions["identity"];
  /** Port to listen on; any free port by default. */
  port?: number;
  /** Adds test-only routes (a fixture page on the store's origin) before the store listens. */
  routes?: (app: FastifyInstance) => void;
}

/**
 * Starts the store in-process on `127.0.0.1` with an in-memory database: migrations, the sample
 * content seed, a new API key (as on a first start) and the same signing key for every store, so two stores started on one clock
 * answer identical calls identically (tokens and cursors included).
 */
export async function startStore(clock: Clock, options: StoreOptions = {}): Promise<RunningStore> {
  const db = openTestDb();
  const items = createItemsStore(db);
  seedContent(items, { now: clock.ms });
  const access = createAccessStore(db);
  const apiKey = createApiKeys(access, () => clock.ms).ensure();
  if (apiKey === null) throw new Error("a new database already had an API key");
  const app = createApp({
    db,
    config: { clientId: CLIENT_ID, signingKey: SIGNING_KEY },
    now: () => clock.ms,
    ...(options.identity ? { identity: options.identity } : {}),
  });
  options.routes?.(app);
  await app.listen({ host: "127.0.0.1", port: options.port ?? 0 });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("store has no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    apiKey,
    insert(collectionId, data) {
      for (const item of data)
        items.insert(collectionId, item, { now: clock.ms, ownerId: SITE_OWNER_ID });
    },
    restrictReadsToMembers(collectionId) {
      const current = access.permissions(collectionId);
      if (current === null) throw new Error(`no collection ${collectionId}`);
      access.setPermissions(collectionId, { ...current, read: "member" });
    },
    async close() {
      await app.close();
      db.close();
    },
  };
}
