/**
 * A pending change is the owner's alone until published: a unique marker saved as a draft
 * (a changed item, a new item, a removal) shows in no answer a visitor, a member or the API key
 * gets (data items: query, get, count, aggregate, distinct, references, bulk; GraphQL; the page
 * and its embedded content), while the owner's drafts list holds it.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";
import { type OwnerCalls, ownerSignedIn } from "../../main/test-kit/owner-signed-in.ts";
import { writeStandInSite } from "../../main/test-kit/stand-in-site.ts";

const MARKER = `draft-marker-${randomUUID()}`;

let kit: MemberKit;
let credentials: Record<string, string>;

let ownerCall: OwnerCalls;

beforeAll(async () => {
  kit = await createMemberKit({}, { site: { dir: writeStandInSite() } });
  ownerCall = (await ownerSignedIn(kit)).call;
  kit.insert("Services", [{ _id: "s1", title: "Audit", clients: ["c1"] }]);
  kit.insert("Clients", [{ _id: "c1", itemData: "One", order: 1 }]);
  kit.insert("About", [{ _id: "about", title_fld: "About", data: "Live words" }]);
  kit.insert("Services", [{ _id: "s2", title: "Gone soon" }]);
  await kit.app.inject({
    method: "POST",
    url: "/wix-data/v2/items/insert-reference",
    headers: { authorization: kit.apiKey },
    payload: {
      dataCollectionId: "Services",
      dataItemReference: {
        referringItemFieldName: "clients",
        referringItemId: "s1",
        referencedItemId: "c1",
      },
    },
  });
  const saves = [
    {
      collectionId: "Clients",
      changes: [
        { itemId: "c1", kind: "put", data: { itemData: MARKER, order: 1 } },
        { itemId: "c-new", kind: "put", data: { itemData: MARKER, order: 2 } },
      ],
    },
    {
      collectionId: "About",
      changes: [{ itemId: "about", kind: "put", data: { title_fld: "About", data: MARKER } }],
    },
    {
      collectionId: "Services",
      changes: [
        { itemId: "s2", kind: "remove" },
        { itemId: "s1", kind: "put", data: { title: MARKER } },
      ],
    },
  ];
  for (const save of saves) {
    const response = await ownerCall("PUT", "/admin/api/drafts", save);
    expect(response.statusCode, response.body).toBe(200);
  }
  credentials = {
    visitor: await kit.token(),
    member: (await kit.signedInMember("reader@example.com")).token,
    "API key": kit.apiKey,
  };
}, 60_000);
afterAll(() => kit.close());

const READS: { name: string; url: string; payload?: unknown; method?: "GET" | "POST" }[] = [
  ...["Clients", "About", "Services"].map((collection) => ({
    name: `query ${collection}`,
    url: "/wix-data/v2/items/query",
    payload: { dataCollectionId: collection, query: { paging: { limit: 100 } } },
  })),
  { name: "query (GET)", method: "GET", url: "/v2/items/query?dataCollectionId=Clients" },
  { name: "get", method: "GET", url: "/wix-data/v2/items/c1?dataCollectionId=Clients" },
  {
    name: "get a new item",
    method: "GET",
    url: "/wix-data/v2/items/c-new?dataCollectionId=Clients",
  },
  { name: "count", url: "/wix-data/v2/items/count", payload: { dataCollectionId: "Clients" } },
  {
    name: "aggregate",
    url: "/wix-data/v2/items/aggregate",
    payload: {
      dataCollectionId: "Clients",
      aggregation: {
        groupingFields: ["itemData"],
        operations: [{ resultFieldName: "n", itemCount: {} }],
      },
    },
  },
  {
    name: "distinct",
    url: "/wix-data/v2/items/query-distinct-values",
    payload: { dataCollectionId: "Clients", fieldName: "itemData" },
  },
  {
    name: "references",
    url: "/wix-data/v2/items/query-referenced",
    payload: {
      dataCollectionId: "Services",
      referringItemId: "s1",
      referringItemFieldName: "clients",
    },
  },
  {
    name: "query by ids",
    url: "/wix-data/v2/items/query",
    payload: { dataCollectionId: "Services", query: { filter: { _id: { $in: ["s1", "s2"] } } } },
  },
  {
    name: "bulk save (its answer echoes the items)",
    url: "/wix-data/v2/bulk/items/save",
    payload: {
      dataCollectionId: "Clients",
      dataItems: [{ data: { _id: "c-bulk", itemData: "Bulk" } }],
      returnEntity: true,
    },
  },
  {
    name: "GraphQL",
    url: "/graphql/alpha",
    payload: {
      query:
        '{ a: items(collection: "Clients") { id data } b: items(collection: "About") { id data } c: count(collection: "Clients") }',
    },
  },
];

describe("a saved draft", () => {
  test("is in the owner's drafts list, and nowhere else", async () => {
    const drafts = await ownerCall("GET", "/admin/api/drafts");
    expect(drafts.statusCode).toBe(200);
    expect(drafts.body).toContain(MARKER);
    expect((drafts.json() as { changes: unknown[] }).changes).toHaveLength(5);
  });

  describe.each(["visitor", "member", "API key"])("as %s", (who) => {
    test.each(READS)("$name does not show it", async ({ url, payload, method = "POST" }) => {
      const response = await kit.app.inject({
        method,
        url,
        headers: { authorization: credentials[who] ?? "" },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain(MARKER);
    });

    test("the new item is not found and the removed one still is", async () => {
      const get = (id: string, collection: string) =>
        kit.app.inject({
          method: "GET",
          url: `/wix-data/v2/items/${id}?dataCollectionId=${collection}`,
          headers: { authorization: credentials[who] ?? "" },
        });
      expect((await get("c-new", "Clients")).statusCode).toBe(404);
      expect((await get("s2", "Services")).json()).toMatchObject({ dataItem: { id: "s2" } });
    });
  });

  test("the page and its embedded content do not show it, for anyone", async () => {
    for (const url of ["/", "/index.html"]) {
      const page = await kit.app.inject({ method: "GET", url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Live words");
      expect(page.body).toContain("Gone soon");
      expect(page.body).not.toContain(MARKER);
    }
  });
});
