/**
 * Reads a CDN can serve: the page and a visitor's GET query carry shared-cache lifetimes and an
 * ETag (304 on a match, a new tag after an edit), while every answer that depends on who asks
 * (a member's, the API key's, one that sets a cookie) stays private.
 */

import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import { writeStandInSite } from "../../main/test-kit/stand-in-site.ts";
import { createAccessStore } from "../db/access-store.ts";
import { DEFAULT_SHARED_CACHE } from "./shared-cache.ts";

const SHARED = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const QUERY = { dataCollectionId: "Clients" };
const dotR = (body: unknown) => Buffer.from(JSON.stringify(body)).toString("base64url");
const queryUrl = (body: unknown = QUERY) => `/wix-data/v2/items/query?.r=${dotR(body)}`;

let k: MemberKit;
let base: string;
let visitor: string;
let member: string;

beforeAll(async () => {
  k = await createMemberKit(
    {},
    { site: { dir: writeStandInSite() }, sharedCache: DEFAULT_SHARED_CACHE },
  );
  k.insert("Clients", [{ _id: "a", itemData: "First client" }]);
  await k.app.listen({ port: 0, host: "127.0.0.1" });
  const address = k.app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  base = `http://127.0.0.1:${address.port}`;
  visitor = await k.token();
  await k.signUp("ada@example.com");
  member = (await k.memberTokens("ada@example.com")).access_token;
});
afterAll(() => k.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers });

async function addClient(id: string, text: string) {
  const response = await fetch(`${base}/wix-data/v2/items`, {
    method: "POST",
    headers: { authorization: k.apiKey, "content-type": "application/json" },
    body: JSON.stringify({
      dataCollectionId: "Clients",
      dataItem: { id, data: { itemData: text } },
    }),
  });
  expect(response.status).toBe(200);
}

describe("the page", () => {
  test("a plain view and one with a query string both carry the shared-cache headers and an ETag", async () => {
    for (const path of ["/", "/?utm_source=mail"]) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(SHARED);
      expect(response.headers.get("etag")).toMatch(/^W\/".+"$/);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(k.app.pageFastPath.answered).toBeGreaterThan(0);
  });

  test("If-None-Match with its ETag answers 304 without a body", async () => {
    const first = await get("/");
    const etag = String(first.headers.get("etag"));
    const again = await get("/", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe(SHARED);
  });

  test("after an edit the ETag changes and the old one gets the new page", async () => {
    const before = await get("/");
    const etag = String(before.headers.get("etag"));
    await addClient("page-edit", "Edited for the page");
    const after = await get("/", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await after.text()).toContain("Edited for the page");
  });
});

describe("a visitor's GET query", () => {
  test("is shareable: the cache lifetimes, an ETag, varying by coding only", async () => {
    const response = await get(queryUrl(), { authorization: visitor });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(SHARED);
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("etag")).toMatch(/^W\/".+"$/);
  });

  test("is the same bytes for every visitor token, the condition for sharing it", async () => {
    const other = await k.token();
    expect(other).not.toBe(visitor);
    const mine = await get(queryUrl(), { authorization: visitor });
    const theirs = await get(queryUrl(), { authorization: other });
    expect(theirs.headers.get("etag")).toBe(mine.headers.get("etag"));
    expect(await theirs.text()).toBe(await mine.text());
  });

  test("answers 304 to its ETag, and the new items to it after an edit", async () => {
    const first = await get(queryUrl(), { authorization: visitor });
    const etag = String(first.headers.get("etag"));
    const again = await get(queryUrl(), { authorization: visitor, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    await addClient("query-edit", "Edited for the query");
    const after = await get(queryUrl(), { authorization: visitor, "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(await after.text()).toContain("Edited for the query");
  });

  test("the POST form stays private (shared caches do not keep POST answers anyway)", async () => {
    const response = await fetch(`${base}/wix-data/v2/items/query`, {
      method: "POST",
      headers: { authorization: visitor, "content-type": "application/json" },
      body: JSON.stringify(QUERY),
    });
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
  });
});

describe("answers that depend on the caller are never marked shareable", () => {
  test("a member's query and the API key's query are private and not stored", async () => {
    for (const authorization of [member, k.apiKey]) {
      const response = await get(queryUrl(), { authorization });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("etag")).toBeNull();
    }
  });

  test("a visitor query including references anyone may read is shared like any other", async () => {
    const body = { dataCollectionId: "Services", includeReferencedItems: ["clients"] };
    const response = await get(queryUrl(body), { authorization: visitor });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("public");
  });

  test("a visitor query including references visitors may not read is not shared", async () => {
    const access = createAccessStore(k.db);
    const clients = access.permissions("Clients");
    if (clients === null) throw new Error("no permissions for Clients");
    access.setPermissions("Clients", { ...clients, read: "member" });
    try {
      const body = { dataCollectionId: "Services", includeReferencedItems: ["clients"] };
      const response = await get(queryUrl(body), { authorization: visitor });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
      expect(response.headers.get("vary")).toBe("Authorization, Accept-Encoding");
    } finally {
      access.setPermissions("Clients", clients);
    }
  });

  test("a refused query is not marked shareable", async () => {
    const response = await get(queryUrl({ dataCollectionId: "ClientResources" }), {
      authorization: visitor,
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("cache-control") ?? "").not.toContain("public");
  });
});

describe("hostile If-None-Match values are harmless", () => {
  const hostile = [
    "",
    '""',
    'W/""',
    "W/",
    ",,,,",
    "garbage",
    '"unterminated',
    Array.from({ length: 2000 }, (_, i) => `"${i}"`).join(","),
    "é".repeat(100),
  ];
  test.each(hostile.map((value) => [value.slice(0, 20), value]))(
    "%s: the page and the query answer 200 with their body",
    async (_name, value) => {
      const page = await get("/", { "if-none-match": value });
      expect(page.status).toBe(200);
      expect((await page.text()).length).toBeGreaterThan(0);
      const query = await get(queryUrl(), { authorization: visitor, "if-none-match": value });
      expect(query.status).toBe(200);
      expect(await query.json()).toHaveProperty("dataItems");
    },
  );
});
