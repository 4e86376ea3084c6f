import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

type QueryResponse = {
  dataItems: { id: string; dataCollectionId: string; data: Record<string, unknown> }[];
  pagingMetadata: {
    count: number;
    offset: number;
    total?: number;
    tooManyToCount: boolean;
    cursors: { next: string | null; prev: string | null };
    hasNext: boolean;
  };
};

let t: TestApp;
let token: string;

beforeEach(async () => {
  t = createTestApp();
  t.insert(
    "Clients",
    Array.from({ length: 7 }, (_, i) => ({ _id: `c${i}`, order: 7 - i, itemData: `Client ${i}` })),
  );
  token = await t.token();
});
afterEach(() => t.app.close());

async function post(body: unknown, url = "/wix-data/v2/items/query") {
  return t.app.inject({
    method: "POST",
    url,
    headers: { authorization: token },
    payload: body as object,
  });
}

async function query(body: unknown): Promise<QueryResponse> {
  const response = await post(body);
  expect(response.statusCode).toBe(200);
  return response.json() as QueryResponse;
}

const ids = (result: QueryResponse) => result.dataItems.map((item) => item.id);

describe("query", () => {
  test("returns every item in insertion order with default paging", async () => {
    const result = await query({ dataCollectionId: "Clients" });
    expect(ids(result)).toEqual(["c0", "c1", "c2", "c3", "c4", "c5", "c6"]);
    expect(result.pagingMetadata).toEqual({
      count: 7,
      offset: 0,
      tooManyToCount: false,
      cursors: { next: null, prev: null },
      hasNext: false,
    });
  });

  test("wraps each item with id, collection and data including system fields", async () => {
    const result = await query({ dataCollectionId: "Clients", query: { paging: { limit: 1 } } });
    expect(result.dataItems[0]).toEqual({
      id: "c0",
      dataCollectionId: "Clients",
      data: {
        _id: "c0",
        _createdDate: { $date: "2025-01-01T00:00:00.000Z" },
        _updatedDate: { $date: "2025-01-01T00:00:00.000Z" },
        _ownerId: "owner-1",
        order: 7,
        itemData: "Client 0",
      },
    });
  });

  test("applies filter and sort", async () => {
    const result = await query({
      dataCollectionId: "Clients",
      query: { filter: { order: { $lte: 3 } }, sort: [{ fieldName: "order", order: "ASC" }] },
    });
    expect(ids(result)).toEqual(["c6", "c5", "c4"]);
  });

  test("filters on system fields", async () => {
    const result = await query({
      dataCollectionId: "Clients",
      query: {
        filter: {
          _id: { $in: ["c2", "c5"] },
          _createdDate: { $lt: { $date: "2026-01-01T00:00:00.000Z" } },
        },
      },
    });
    expect(ids(result)).toEqual(["c2", "c5"]);
  });

  test("pages by offset with hasNext and total when asked", async () => {
    const result = await query({
      dataCollectionId: "Clients",
      query: { paging: { limit: 3, offset: 3 } },
      returnTotalCount: true,
    });
    expect(ids(result)).toEqual(["c3", "c4", "c5"]);
    expect(result.pagingMetadata).toMatchObject({ count: 3, offset: 3, total: 7, hasNext: true });
  });

  test("reports hasNext false on the last page", async () => {
    const result = await query({
      dataCollectionId: "Clients",
      query: { paging: { limit: 3, offset: 6 } },
    });
    expect(ids(result)).toEqual(["c6"]);
    expect(result.pagingMetadata.hasNext).toBe(false);
  });

  test("omits total unless asked", async () => {
    const result = await query({ dataCollectionId: "Clients", query: { paging: { limit: 2 } } });
    expect(result.pagingMetadata).not.toHaveProperty("total");
    expect(result.pagingMetadata.hasNext).toBe(true);
  });

  test("total counts matches, not the page", async () => {
    const result = await query({
      dataCollectionId: "Clients",
      query: { filter: { order: { $gt: 2 } }, paging: { limit: 1 } },
      returnTotalCount: true,
    });
    expect(result.pagingMetadata).toMatchObject({ count: 1, total: 5 });
  });

  test("projects fields, always keeping _id", async () => {
    const result = await query({
      dataCollectionId: "Clients",
      query: { fields: ["itemData"], paging: { limit: 1 } },
    });
    expect(result.dataItems[0]?.data).toEqual({ _id: "c0", itemData: "Client 0" });
  });

  test("an empty fields list returns all fields", async () => {
    const result = await query({
      dataCollectionId: "Clients",
      query: { fields: [], paging: { limit: 1 } },
    });
    expect(Object.keys(result.dataItems[0]?.data ?? {})).toContain("order");
  });

  test("returns an empty page for a collection with no items", async () => {
    const result = await query({ dataCollectionId: "About" });
    expect(result).toEqual({
      dataItems: [],
      pagingMetadata: {
        count: 0,
        offset: 0,
        tooManyToCount: false,
        cursors: { next: null, prev: null },
        hasNext: false,
      },
    });
  });

  test("answers 404 WDE0025 for an unknown collection", async () => {
    const response = await post({ dataCollectionId: "Nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: "Collection [Nope] does not exist",
      details: {
        applicationError: {
          code: "WDE0025",
          description: "Collection [Nope] does not exist",
          data: {},
        },
      },
    });
  });

  test("is served under the /v2 service-path alias", async () => {
    const response = await post({ dataCollectionId: "Clients" }, "/v2/items/query");
    expect(response.statusCode).toBe(200);
    expect(ids(response.json() as QueryResponse)).toHaveLength(7);
  });
});

describe("cursor paging", () => {
  test("walks every page with the next cursor, carrying filter and sort", async () => {
    const first = await query({
      dataCollectionId: "Clients",
      query: {
        filter: { order: { $gt: 1 } },
        sort: [{ fieldName: "order", order: "ASC" }],
        cursorPaging: { limit: 2 },
      },
    });
    expect(ids(first)).toEqual(["c5", "c4"]);
    expect(first.pagingMetadata.cursors.prev).toBeNull();
    const seen = [...ids(first)];
    let cursor = first.pagingMetadata.cursors.next;
    while (cursor) {
      const page = await query({
        dataCollectionId: "Clients",
        query: { cursorPaging: { limit: 2, cursor } },
      });
      seen.push(...ids(page));
      expect(page.pagingMetadata.cursors.prev).toEqual(expect.any(String));
      cursor = page.pagingMetadata.hasNext ? page.pagingMetadata.cursors.next : null;
      if (!page.pagingMetadata.hasNext) expect(page.pagingMetadata.cursors.next).toBeNull();
    }
    expect(seen).toEqual(["c5", "c4", "c3", "c2", "c1", "c0"]);
  });

  test("the prev cursor returns the previous page", async () => {
    const first = await query({
      dataCollectionId: "Clients",
      query: { cursorPaging: { limit: 3 } },
    });
    const second = await query({
      dataCollectionId: "Clients",
      query: { cursorPaging: { cursor: first.pagingMetadata.cursors.next } },
    });
    expect(ids(second)).toEqual(["c3", "c4", "c5"]);
    const back = await query({
      dataCollectionId: "Clients",
      query: { cursorPaging: { cursor: second.pagingMetadata.cursors.prev } },
    });
    expect(ids(back)).toEqual(ids(first));
  });

  test("rejects a tampered cursor with a field violation", async () => {
    const first = await query({
      dataCollectionId: "Clients",
      query: { cursorPaging: { limit: 2 } },
    });
    const cursor = first.pagingMetadata.cursors.next ?? "";
    const [payload, mac] = cursor.split(".");
    const tampered = `${Buffer.from(
      Buffer.from(payload ?? "", "base64url")
        .toString()
        .replace(/,2,2\]$/, ",0,2]"),
    ).toString("base64url")}.${mac}`;
    const response = await post({
      dataCollectionId: "Clients",
      query: { cursorPaging: { cursor: tampered } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: "query.cursorPaging.cursor" }] } },
    });
  });

  test("rejects a cursor from another collection", async () => {
    t.insert("About", [{ a: 1 }, { a: 2 }]);
    const first = await query({ dataCollectionId: "About", query: { cursorPaging: { limit: 1 } } });
    const response = await post({
      dataCollectionId: "Clients",
      query: { cursorPaging: { cursor: first.pagingMetadata.cursors.next } },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe("GET with .r", () => {
  const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString("base64url");

  test("returns the same body as the POST form", async () => {
    const payload = {
      dataCollectionId: "Clients",
      query: {
        fields: [],
        paging: { limit: 2, offset: 1 },
        filter: { order: { $gt: 2 } },
        sort: [],
      },
      includeReferences: [],
      returnTotalCount: true,
    };
    const viaGet = await t.app.inject({
      method: "GET",
      url: `/wix-data/v2/items/query?.r=${encode(payload)}`,
      headers: { authorization: token },
    });
    expect(viaGet.statusCode).toBe(200);
    expect(viaGet.json()).toEqual(await query(payload));
  });

  test("decodes UTF-8 payloads", async () => {
    t.insert("About", [{ title_fld: "Über", data: "ü" }]);
    const response = await t.app.inject({
      method: "GET",
      url: `/wix-data/v2/items/query?.r=${encode({ dataCollectionId: "About", query: { filter: { title_fld: "Über" } } })}`,
      headers: { authorization: token },
    });
    expect(ids(response.json() as QueryResponse)).toHaveLength(1);
  });
});
