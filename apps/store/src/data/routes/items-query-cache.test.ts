/**
 * The query call's response cache as a client sees it: validators and cache headers, fresh data
 * after a write, and the permission check still made on every request.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";
import { createAccessStore } from "../../platform/db/access-store.ts";

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = createTestApp();
  t.insert("Clients", [{ _id: "a", itemData: "First client" }]);
  token = await t.token();
});
afterEach(() => t.app.close());

const BODY = { dataCollectionId: "Clients" };
const dotR = (body: unknown) => Buffer.from(JSON.stringify(body)).toString("base64url");

function post(authorization = token) {
  return t.app.inject({
    method: "POST",
    url: "/wix-data/v2/items/query",
    headers: { authorization },
    payload: BODY,
  });
}

function get(headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "GET",
    url: `/wix-data/v2/items/query?.r=${dotR(BODY)}`,
    headers: { authorization: token, ...headers },
  });
}

const itemIds = (body: string) =>
  (JSON.parse(body) as { dataItems: { id: string }[] }).dataItems.map((item) => item.id);

describe("visitor query responses", () => {
  test("carry an ETag and headers that make caches revalidate per credential", async () => {
    const response = await post();
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers.etag).toMatch(/^W\/".+"$/);
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    expect(response.headers.vary).toBe("Authorization, Accept-Encoding");
  });

  test("the GET form answers 304 to the ETag it sent", async () => {
    const first = await get();
    const again = await get({ "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  test("repeat requests get the same bytes", async () => {
    const first = await post();
    const second = await post();
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  test("a write shows in the next response, with a new ETag", async () => {
    const first = await get();
    t.insert("Clients", [{ _id: "b", itemData: "Second client" }]);
    const after = await get({ "if-none-match": String(first.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(itemIds(after.body)).toEqual(["a", "b"]);
  });

  test("a large response is compressed for a client that accepts it", async () => {
    t.insert(
      "Clients",
      Array.from({ length: 40 }, (_, i) => ({ _id: `x${i}`, itemData: `Client line ${i}` })),
    );
    const response = await t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items/query",
      headers: { authorization: token, "accept-encoding": "gzip" },
      payload: BODY,
    });
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  test("withdrawing read permission refuses the next request, cached or not", async () => {
    expect((await post()).statusCode).toBe(200);
    const access = createAccessStore(t.db);
    const current = access.permissions("Clients");
    if (current === null) throw new Error("no permissions for Clients");
    access.setPermissions("Clients", { ...current, read: "admin" });
    expect((await post()).statusCode).toBe(403);
  });

  test("a permission change bumps the content version the cache is filed under", () => {
    const access = createAccessStore(t.db);
    const before = t.store.contentVersion();
    const current = access.permissions("Clients");
    if (current === null) throw new Error("no permissions for Clients");
    access.setPermissions("Clients", { ...current, read: "member" });
    expect(t.store.contentVersion()).toBeGreaterThan(before);
  });

  test("an expired token is refused even though the response is cached", async () => {
    expect((await post()).statusCode).toBe(200);
    t.clock.ms += 5 * 3600 * 1000;
    expect((await post()).statusCode).toBe(401);
  });
});

describe("API-key query responses", () => {
  test("are computed per request, without the visitor cache headers", async () => {
    const response = await post(t.apiKey);
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeUndefined();
    expect(itemIds(response.body)).toEqual(["a"]);
  });
});
