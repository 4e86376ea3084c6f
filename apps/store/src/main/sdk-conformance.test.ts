/**
 * The official Wix SDK against the real store (docs/protocol.md §13 recipe): the SDK hard-codes
 * https://www.wixapis.com for tokens and edge.wixapis.com for data, so the global fetch is
 * redirected to the loopback server for the duration of these tests.
 */
import { items } from "@wix/data";
import { ApiKeyStrategy, createClient, OAuthStrategy } from "@wix/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, TEST_CLIENT_ID, type TestApp } from "./test-kit/test-app.ts";

const WIX_HOSTS = new Set(["www.wixapis.com", "edge.wixapis.com"]);

let t: TestApp;
const realFetch = globalThis.fetch;
const requests: { method: string; url: string }[] = [];

beforeAll(async () => {
  t = createTestApp();
  t.insert(
    "Services",
    Array.from({ length: 5 }, (_, i) => ({
      _id: `s${i}`,
      order: i,
      itemData: { title: `Service ${i}`, subtitle: i % 2 ? "odd" : "even", details: [] },
      when: { $date: `2024-0${i + 1}-01T00:00:00.000Z` },
    })),
  );
  const base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!WIX_HOSTS.has(url.host)) return realFetch(input, init);
    requests.push({ method: request.method, url: url.pathname + url.search });
    return realFetch(new Request(`${base}${url.pathname}${url.search}`, request));
  };
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await t.app.close();
});

function sdkClient() {
  return createClient({ modules: { items }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
}

/** The SDK as an owner's script uses it: the store's API key (`Authorization: <key>`). */
function adminClient(apiKey = t.apiKey) {
  return createClient({
    modules: { items },
    auth: ApiKeyStrategy({ apiKey, siteId: "any-site" }),
  });
}

describe("official @wix/sdk + @wix/data", () => {
  test("gets a visitor token and queries with filter, sort and limit", async () => {
    const client = sdkClient();
    const result = await client.items
      .query("Services")
      .eq("itemData.subtitle", "even")
      .descending("order")
      .limit(2)
      .find();
    expect(result.items.map((item) => item._id)).toEqual(["s4", "s2"]);
    expect(result.hasNext()).toBe(true);
    expect(result.items[0]?._createdDate).toBeInstanceOf(Date);
    expect(requests.some((r) => r.url === "/oauth2/token")).toBe(true);
    expect(
      requests.some((r) => r.method === "GET" && r.url.startsWith("/wix-data/v2/items/query?.r=")),
    ).toBe(true);
  });

  test("pages with next() until hasNext is false", async () => {
    const client = sdkClient();
    let page = await client.items.query("Services").ascending("order").limit(2).find();
    const seen = page.items.map((item) => item._id);
    while (page.hasNext()) {
      page = await page.next();
      seen.push(...page.items.map((item) => item._id));
    }
    expect(seen).toEqual(["s0", "s1", "s2", "s3", "s4"]);
  });

  test("counts totals and compares dates", async () => {
    const client = sdkClient();
    const result = await client.items
      .query("Services")
      .gt("when", new Date("2024-02-15T00:00:00.000Z"))
      .find({ returnTotalCount: true });
    expect(result.totalCount).toBe(3);
    expect(result.items.map((item) => item._id)).toEqual(["s2", "s3", "s4"]);
  });

  test("uses POST for a query too long for GET", async () => {
    const client = sdkClient();
    const values = Array.from({ length: 300 }, (_, i) => `value-${i}`);
    const result = await client.items
      .query("Services")
      .hasSome("_id", [...values, "s1"])
      .find();
    expect(result.items.map((item) => item._id)).toEqual(["s1"]);
    expect(requests.some((r) => r.method === "POST" && r.url === "/wix-data/v2/items/query")).toBe(
      true,
    );
  });

  test("surfaces an unknown collection as an error with our code", async () => {
    const client = sdkClient();
    await expect(client.items.query("Nope").find()).rejects.toMatchObject({
      details: { applicationError: { code: "WDE0025" } },
    });
  });

  test("surfaces validation errors with their violations", async () => {
    const client = sdkClient();
    await expect(client.items.query("Services").limit(5000).find()).rejects.toThrow(
      /query\.paging\.limit/,
    );
  });
});

describe("official @wix/sdk with ApiKeyStrategy (elevated calls)", () => {
  const C = "Clients";

  test("insert, get, update, save and remove", async () => {
    const client = adminClient();
    const when = new Date("2024-06-01T12:00:00.000Z");
    const inserted = await client.items.insert(C, { _id: "k1", itemData: "One", when });
    expect(inserted).toMatchObject({ _id: "k1", itemData: "One", when });
    expect(inserted._createdDate).toBeInstanceOf(Date);
    await expect(client.items.get(C, "k1")).resolves.toMatchObject({ itemData: "One" });
    t.clock.ms += 1000;
    const updated = await client.items.update(C, { _id: "k1", itemData: "Uno" });
    expect(updated._updatedDate).toEqual(new Date(t.clock.ms));
    await expect(client.items.save(C, { _id: "k2", itemData: "Two" })).resolves.toMatchObject({
      _id: "k2",
    });
    await expect(client.items.remove(C, "k2")).resolves.toMatchObject({ _id: "k2" });
    await expect(client.items.remove(C, "k2")).resolves.toBeNull();
    await expect(client.items.get(C, "k2")).resolves.toBeNull();
  });

  test("bulk calls are summarised by the SDK from our per-item results", async () => {
    const client = adminClient();
    await client.items.insert(C, { _id: "dup" });
    const inserted = await client.items.bulkInsert(C, [
      { _id: "b1" },
      { _id: "dup" },
      { _id: "b2" },
    ]);
    expect(inserted).toMatchObject({ inserted: 2, skipped: 1, insertedItemIds: ["b1", "b2"] });
    const removed = await client.items.bulkRemove(C, ["b1", "missing"]);
    expect(removed).toMatchObject({ removed: 1, skipped: 1, removedItemIds: ["b1"] });
    const saved = await client.items.bulkSave(C, [{ _id: "b2", x: 1 }, { _id: "b3" }]);
    expect(saved).toMatchObject({ inserted: 1, updated: 1 });
  });

  test("count, distinct and aggregate", async () => {
    const client = adminClient();
    await client.items.bulkInsert(
      C,
      [1, 2, 3, 4].map((n) => ({ _id: `g${n}`, group: n % 2 ? "odd" : "even", n })),
    );
    await expect(client.items.query(C).hasSome("group", ["odd", "even"]).count()).resolves.toBe(4);
    const distinct = await client.items.query(C).ascending("group").distinct("group");
    expect(distinct.items).toEqual(["even", "odd"]);
    const groups = await client.items
      .aggregate(C)
      .filter(client.items.filter().isNotEmpty("group"))
      .group("group")
      .sum("n")
      .ascending("_id")
      .run();
    expect(groups.items).toEqual([
      { _id: "even", nSum: 6 },
      { _id: "odd", nSum: 4 },
    ]);
  });

  test("references through the SDK's bulk routes", async () => {
    const client = adminClient();
    await client.items.insertReference("Services", "clients", "s1", ["g1", "g2"]);
    await expect(client.items.isReferenced("Services", "clients", "s1", "g2")).resolves.toBe(true);
    const referenced = await client.items.queryReferenced("Services", "s1", "clients");
    expect(referenced.items.map((item) => item._id)).toEqual(["g1", "g2"]);
    const included = await client.items.query("Services").eq("_id", "s1").include("clients").find();
    expect(included.items[0]?.clients).toEqual([
      expect.objectContaining({ _id: "g1" }),
      expect.objectContaining({ _id: "g2" }),
    ]);
    await client.items.replaceReferences("Services", "clients", "s1", ["g3"]);
    await client.items.removeReference("Services", "clients", "s1", "g3");
    await expect(client.items.isReferenced("Services", "clients", "s1", "g3")).resolves.toBe(false);
  });

  test("graphql with the key", async () => {
    const client = adminClient();
    const result = await client.graphql(
      "query ($c: String!) { items(collection: $c, limit: 2) { id } }",
      { c: "Services" },
    );
    expect(result.data).toEqual({ items: [{ id: "s0" }, { id: "s1" }] });
  });

  test("a visitor's write is refused with 403 and our code; a wrong key with 401", async () => {
    await expect(sdkClient().items.insert(C, { _id: "v" })).rejects.toMatchObject({
      details: { applicationError: { code: "WDE0027" } },
    });
    await expect(adminClient("IST.wrong").items.insert(C, { _id: "v" })).rejects.toMatchObject({
      details: { applicationError: { code: "TOKEN_INVALID" } },
    });
    await expect(adminClient().items.get(C, "v")).resolves.toBeNull();
  });
});
