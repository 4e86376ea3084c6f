/**
 * The CDN purge webhook seen from a local receiver: an edit through the API calls it once with
 * what changed; reads call nothing; a failing or unreachable receiver never fails the save.
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../main/test-kit/test-app.ts";
import { PURGED_PATHS } from "./purge-webhook.ts";

type Receiver = { url: string; bodies: unknown[]; server: Server };

async function startReceiver(status = 204): Promise<Receiver> {
  const bodies: unknown[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString()));
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/purge`, bodies, server };
}

let t: TestApp | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await t?.app.close();
  receiver?.server.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await sleep(10);
}

function save(app: TestApp, id: string) {
  return app.app.inject({
    method: "POST",
    url: "/wix-data/v2/items",
    headers: { authorization: app.apiKey },
    payload: { dataCollectionId: "Clients", dataItem: { id, data: { itemData: id } } },
  });
}

describe("CDN purge webhook", () => {
  test("an edit through the API calls it once, naming the version and the paths", async () => {
    const r = await startReceiver();
    receiver = r;
    t = createTestApp({ purgeUrl: r.url });
    const before = t.store.contentVersion();
    expect((await save(t, "new-client")).statusCode).toBe(200);
    await until(() => r.bodies.length > 0);
    await sleep(100);
    expect(r.bodies).toEqual([
      { event: "content.changed", contentVersion: t.store.contentVersion(), paths: PURGED_PATHS },
    ]);
    expect(t.store.contentVersion()).toBeGreaterThan(before);
  });

  test("reads do not call it", async () => {
    const r = await startReceiver();
    receiver = r;
    t = createTestApp({ purgeUrl: r.url });
    const token = await t.token();
    await t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/query",
      headers: { authorization: token },
      payload: { dataCollectionId: "Clients" },
    });
    await sleep(100);
    expect(r.bodies).toEqual([]);
  });

  test("a receiver answering 500 does not fail the save", async () => {
    const r = await startReceiver(500);
    receiver = r;
    t = createTestApp({ purgeUrl: r.url });
    expect((await save(t, "saved-anyway")).statusCode).toBe(200);
    await until(() => r.bodies.length > 0);
    expect(r.bodies).toHaveLength(1);
  });

  test("an unreachable receiver does not fail the save", async () => {
    const r = await startReceiver();
    const url = r.url;
    await new Promise((resolve) => r.server.close(resolve));
    t = createTestApp({ purgeUrl: url });
    expect((await save(t, "saved-offline")).statusCode).toBe(200);
    const read = await t.app.inject({
      method: "GET",
      url: "/wix-data/v2/items/saved-offline?dataCollectionId=Clients",
      headers: { authorization: t.apiKey },
    });
    expect(read.statusCode).toBe(200);
  });

  test("a receiver that never answers does not hold the save's answer", async () => {
    const held: ServerResponse[] = [];
    const server = createServer((_request, response) => held.push(response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    receiver = { url: `http://127.0.0.1:${port}/purge`, bodies: [], server };
    t = createTestApp({ purgeUrl: receiver.url });
    expect((await save(t, "saved-while-held")).statusCode).toBe(200);
    await until(() => held.length > 0);
    expect(held).toHaveLength(1);
    expect(held[0]?.writableEnded).toBe(false);
    server.closeAllConnections();
  });
});
