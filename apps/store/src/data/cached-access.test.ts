/**
 * Two store nodes (two apps, two connections) on one PostgreSQL schema. Each node keeps the API
 * key and the collections' permissions instead of reading them per request; a change made through
 * the other node, or by any client of the database, must still apply everywhere (the notices;
 * the delay is printed, not bounded, as a busy machine sets it: a lost notice never arrives).
 */
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { NO_POSTGRES, openTwoApps, type TwoApps } from "../main/test-kit/two-nodes.ts";
import { createAccessStore } from "../platform/db/access-store.ts";
import type { PgDb } from "../platform/db/postgres/pg-db.ts";
import { pgNotices } from "../platform/db/postgres/pg-notices.ts";
import { createApiKeys } from "./access/api-key.ts";

/** When an answer that has not come is taken as never coming. */
const GIVE_UP_MS = 5000;
const CLIENT_ID = "local";

let cluster: TwoApps;
let nodeA: FastifyInstance;
let nodeB: FastifyInstance;
let dbA: PgDb;

beforeEach(() => {
  if (NO_POSTGRES !== null) return;
  cluster = openTwoApps();
  [nodeA, nodeB] = cluster.nodes;
  [dbA] = cluster.dbs;
});

afterEach(async () => {
  if (NO_POSTGRES !== null) return;
  await cluster.close();
});

const queryClients = (node: FastifyInstance, authorization: string) =>
  node.inject({
    method: "POST",
    url: "/wix-data/v2/items/query",
    headers: { authorization },
    payload: { dataCollectionId: "Clients" },
  });

const updateClient = (node: FastifyInstance, authorization: string, text: string) =>
  node.inject({
    method: "POST",
    url: "/wix-data/v2/items/update",
    headers: { authorization },
    payload: { dataCollectionId: "Clients", dataItem: { id: "c1", data: { title: text } } },
  });

async function visitorToken(node: FastifyInstance): Promise<string> {
  const answer = await node.inject({
    method: "POST",
    url: "/oauth2/token",
    payload: { clientId: CLIENT_ID, grantType: "anonymous" },
  });
  return (answer.json() as { access_token: string }).access_token;
}

/** Polls `probe` until it answers `status`: the ms it took, or a failure past GIVE_UP_MS. */
async function msUntil(status: number, probe: () => Promise<{ statusCode: number }>) {
  const started = performance.now();
  for (;;) {
    if ((await probe()).statusCode === status) return performance.now() - started;
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`never answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(NO_POSTGRES !== null)(
  `each node keeps the API key and permissions${NO_POSTGRES ? ` (skipped: ${NO_POSTGRES})` : ""}`,
  () => {
    test("a leaked API key rotated through node A stops working on node B too", async () => {
      const leaked = createApiKeys(createAccessStore(dbA)).rotate();
      await nodeA.inject({
        method: "POST",
        url: "/wix-data/v2/items",
        headers: { authorization: leaked },
        payload: { dataCollectionId: "Clients", dataItem: { id: "c1", data: { title: "a" } } },
      });
      // B has checked the leaked key, and keeps it.
      expect((await updateClient(nodeB, leaked, "by B")).statusCode).toBe(200);
      expect((await updateClient(nodeB, leaked, "by B again")).statusCode).toBe(200);

      const fresh = createApiKeys(createAccessStore(dbA)).rotate();
      // The node that rotated refuses the old key at once.
      expect((await updateClient(nodeA, leaked, "after rotation")).statusCode).toBe(401);
      const delay = await msUntil(401, () => updateClient(nodeB, leaked, "after rotation"));
      console.log(
        `cached access: the rotated key refused on the other node after ${delay.toFixed(1)} ms`,
      );
      expect((await updateClient(nodeB, fresh, "with the new key")).statusCode).toBe(200);
      expect((await queryClients(nodeB, fresh)).json().dataItems[0].data.title).toBe(
        "with the new key",
      );
    });

    test("an item update with the API key is one round trip to PostgreSQL", async () => {
      const key = createApiKeys(createAccessStore(dbA)).rotate();
      const dbB = cluster.dbs[1];
      await nodeB.inject({
        method: "POST",
        url: "/wix-data/v2/items",
        headers: { authorization: key },
        payload: { dataCollectionId: "Clients", dataItem: { id: "c1", data: { title: "a" } } },
      });
      while (!pgNotices(dbB).listening()) await new Promise((resolve) => setTimeout(resolve, 10));
      expect((await updateClient(nodeB, key, "first")).statusCode).toBe(200);
      const before = dbB.roundTrips;
      const answer = await updateClient(nodeB, key, "second");
      expect(answer.statusCode).toBe(200);
      expect(answer.json().dataItem.data).toMatchObject({ _id: "c1", title: "second" });
      expect(dbB.roundTrips - before).toBe(1);
    });

    test("a collection closed to visitors through node A refuses them on node B too", async () => {
      const visitor = await visitorToken(nodeB);
      expect((await queryClients(nodeB, visitor)).statusCode).toBe(200);
      createAccessStore(dbA).setPermissions("Clients", {
        read: "admin",
        insert: "admin",
        update: "admin",
        remove: "admin",
      });
      expect((await queryClients(nodeA, await visitorToken(nodeA))).statusCode).toBe(403);
      const delay = await msUntil(403, () => queryClients(nodeB, visitor));
      console.log(
        `cached access: the permission applied on the other node after ${delay.toFixed(1)} ms`,
      );
    });

    test("a permission changed by another client of the database (SQL) applies on every node", async () => {
      const visitor = await visitorToken(nodeB);
      expect((await queryClients(nodeB, visitor)).statusCode).toBe(200);
      // Plain SQL on A's connection, past the store's code, as an operator's psql would send it.
      dbA.query(
        "UPDATE collection_permissions SET read_role = 'member' WHERE collection_id = 'Clients'",
      );
      const delay = await msUntil(403, () => queryClients(nodeB, visitor));
      console.log(
        `cached access: the permission applied on the other node after ${delay.toFixed(1)} ms`,
      );
    });
  },
);
