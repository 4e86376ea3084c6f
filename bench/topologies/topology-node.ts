/**
 * @module One store node of a topology: the real `npm start` entry on a free loopback port, on a
 * SQLite DATA_DIR or a PostgreSQL DATABASE_URL, with what the loads send it: a visitor's token
 * (each node's own, so the figures hold whether or not nodes share signing keys) and item
 * updates made with the API key.
 */
import { createAccessStore, createApiKeys, withStoreDb } from "../../apps/store/src/testing.ts";
import { QUERY_PATH, visitorToken } from "../fixtures/store-client.ts";
import type { LoadRequest } from "../load/load-spec.ts";
import { type StoreServer, startStore } from "../servers/store.ts";

/** The collection whose items the write load updates (each with its own data, so it stays valid). */
export const WRITTEN_COLLECTION = "Services";
const UPDATE_PATH = "/wix-data/v2/items/update";

export interface TopologyNode extends StoreServer {
  /** An anonymous visitor's token from this node. */
  readonly visitorToken: string;
  /** Updates of every item of WRITTEN_COLLECTION, with the API key. */
  readonly writes: LoadRequest[];
}

/** Creates the API key of a database (SQLite in `dataDir`, or `databaseUrl`'s), migrating it. */
export function prepareApiKey(dataDir: string, databaseUrl: string | null): string {
  return withStoreDb({ dataDir, databaseUrl }, (db) =>
    createApiKeys(createAccessStore(db)).rotate(),
  );
}

async function itemUpdates(baseUrl: string, apiKey: string): Promise<LoadRequest[]> {
  const headers = { authorization: apiKey, "content-type": "application/json" };
  const response = await fetch(`${baseUrl}${QUERY_PATH}`, {
    method: "POST",
    headers,
    body: JSON.stringify({ dataCollectionId: WRITTEN_COLLECTION }),
  });
  const body = (await response.json()) as { dataItems?: { id: string; data: unknown }[] };
  if (!response.ok || !body.dataItems?.length) {
    throw new Error(`query ${WRITTEN_COLLECTION}: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.dataItems.map((item) => ({
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
