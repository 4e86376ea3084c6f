/** Builds an app on an in-memory database with a fixed key and a controllable clock. */
import type { FastifyInstance } from "fastify";
import { createApiKeys } from "../../data/access/api-key.ts";
import {
  createItemsStore,
  type ItemData,
  type ItemsStore,
} from "../../data/storage/items-store.ts";
import { createAccessStore } from "../../platform/db/access-store.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import { type CreateAppOptions, createApp } from "../app.ts";
import { openTestDb } from "./test-db.ts";

export const TEST_CLIENT_ID = "test-client";
export const TEST_KEY = new Uint8Array(32).fill(7);
export const START_MS = Date.parse("2025-01-01T00:00:00.000Z");

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  store: ItemsStore;
  clock: { ms: number };
  /** The store's API key (admin). */
  apiKey: string;
  /** A fresh visitor access token. */
  token: () => Promise<string>;
  insert: (collectionId: string, items: ItemData[]) => void;
};

export function createTestApp(
  options: Pick<
    CreateAppOptions,
    | "site"
    | "corsOrigins"
    | "trustProxy"
    | "timeouts"
    | "identity"
    | "sharedCache"
    | "purgeUrl"
    | "passwordVerifications"
    | "connectionsPerClient"
    | "files"
    | "logger"
    | "bookings"
    | "beacons"
  > = {},
): TestApp {
  const db = openTestDb();
  const clock = { ms: START_MS };
  const app = createApp({
    db,
    config: { clientId: TEST_CLIENT_ID, signingKey: TEST_KEY },
    now: () => clock.ms,
    ...options,
  });
  app.addHook("onClose", async () => db.close());
  const store = createItemsStore(db);
  return {
    app,
    db,
    store,
    clock,
    apiKey: createApiKeys(createAccessStore(db)).rotate(),
    async token() {
      const response = await app.inject({
        method: "POST",
        url: "/oauth2/token",
        payload: { clientId: TEST_CLIENT_ID, grantType: "anonymous" },
      });
      return (response.json() as { access_token: string }).access_token;
    },
    insert(collectionId, items) {
      for (const data of items)
        store.insert(collectionId, data, { now: clock.ms, ownerId: "owner-1" });
    },
  };
}
