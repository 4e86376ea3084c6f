/**
 * @module One store node of a topology: the real `npm start` entry on a free loopback port, on a
 * SQLite DATA_DIR or a PostgreSQL DATABASE_URL, with what the loads send it: a visitor's token
 * (each node's own, so the figures hold whether or not nodes share signing keys) and item
 * updates made with the API key.
 */
import {
  createAccessStore,
  createApiKeys,
  withStoreDb,
} from "../../apps/store/src/main/testing.ts";
import { visitorToken } from "../fixtures/store-client.ts";
import type { LoadRequest } from "../load/load-spec.ts";
import { type StoreServer, startStore } from "../servers/store.ts";

/**
 * The collection the write load updates: the bench's own (no page or query reads it, so the
 * other workloads' figures do not change), with one item per writer of the default load.
 */
export const WRITTEN_COLLECTION = "BenchWrites";
export const WRITTEN_ITEMS = 64;
const DATA_PATH = "/wix-data/v2";
const UPDATE_PATH = `${DATA_PATH}/items/update`;
const ADMIN_ONLY = { read: "ADMIN", insert: "ADMIN", update: "ADMIN", remove: "ADMIN" };

export interface TopologyNode extends StoreServer {
  /** An anonymous visitor's token from this node. */
  readonly visitorToken: string;
  /** One update of each item of WRITTEN_COLLECTION, with the API key. */
  readonly writes: LoadRequest[];
}

/** Creates the API key of a database (SQLite in `dataDir`, or `databaseUrl`'s), migrating it. */
export function prepareApiKey(dataDir: string, databaseUrl: string | null): string {
  return withStoreDb({ dataDir, databaseUrl }, (db) =>
    createApiKeys(createAccessStore(db)).rotate(),
  );
}

async function post(baseUrl: string, apiKey: string, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}${DATA_PATH}${path}`, {
    method: "POST",
    headers: { authorization: apiKey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { ok: response.ok, status: response.status, body: (await response.json()) as unknown };
}

type QueriedItems = { dataItems?: { id: string; data: unknown }[] };

/**
 * The written collection's items, created with the collection when this database has none yet
 * (nodes sharing a PostgreSQL database: the first one creates them, the next finds them).
 */
async function writtenItems(baseUrl: string, apiKey: string) {
  const query = () =>
    post(baseUrl, apiKey, "/items/query", {
      dataCollectionId: WRITTEN_COLLECTION,
      query: { paging: { limit: WRITTEN_ITEMS } },
    });
  let queried = await query();
  if (!queried.ok) {
    const created = await post(baseUrl, apiKey, "/collections", {
      collection: {
        id: WRITTEN_COLLECTION,
        fields: [{ key: "title", type: "TEXT" }],
        permissions: ADMIN_ONLY,
      },
    });
    if (!created.ok) throw new Error(`create ${WRITTEN_COLLECTION}: ${created.status}`);
    const inserted = await post(baseUrl, apiKey, "/bulk/items/insert", {
      dataCollectionId: WRITTEN_COLLECTION,
      dataItems: Array.from({ length: WRITTEN_ITEMS }, (_, index) => ({
        id: `item-${index}`,
        data: { title: `Item ${index}` },
      })),
    });
    if (!inserted.ok) throw new Error(`insert into ${WRITTEN_COLLECTION}: ${inserted.status}`);
    queried = await query();
  }
  const items = (queried.body as QueriedItems).dataItems ?? [];
  if (!queried.ok || items.length !== WRITTEN_ITEMS) {
    throw new Error(
      `query ${WRITTEN_COLLECTION}: ${queried.status} ${JSON.stringify(queried.body)}`,
    );
  }
  return items;
}

async function itemUpdates(baseUrl: string, apiKey: string): Promise<LoadRequest[]> {
  const headers = { authorization: apiKey, "content-type": "application/json" };
  const items = await writtenItems(baseUrl, apiKey);
  return items.map((item) => ({
    method: "POST" as const,
    path: UPDATE_PATH,
    headers,
    body: JSON.stringify({
      dataCollectionId: WRITTEN_COLLECTION,
      dataItem: { id: item.id, data: item.data },
    }),
  }));
}

export async function startTopologyNode(options: {
  name: string;
  dataDir: string;
  databaseUrl: string | null;
  apiKey: string;
}): Promise<TopologyNode> {
  const server = await startStore({
    name: options.name,
    dataDir: options.dataDir,
    // Empty is SQLite, whatever the bench itself was started with.
    env: { DATABASE_URL: options.databaseUrl ?? "" },
  });
  try {
    return {
      ...server,
      visitorToken: await visitorToken(server.baseUrl),
      writes: await itemUpdates(server.baseUrl, options.apiKey),
    };
  } catch (error) {
    await server.stop();
    throw error;
  }
}
