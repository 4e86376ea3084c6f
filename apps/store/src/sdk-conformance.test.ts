/**
 * The official Wix SDK against the real store (protocol.md §13 recipe): the SDK hard-codes
 * https://www.wixapis.com for tokens and edge.wixapis.com for data, so the global fetch is
 * redirected to the loopback server for the duration of these tests.
 */
import { items } from "@wix/data";
import { createClient, OAuthStrategy } from "@wix/sdk";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, TEST_CLIENT_ID, type TestApp } from "./test-helpers/test-app.ts";

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
