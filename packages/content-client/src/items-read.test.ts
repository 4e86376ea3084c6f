/** The content client's other reads: get (GET, .r, the POST fallback), count, distinct values, aggregate. */
import { describe, expect, expectTypeOf, it } from "vitest";
import { HttpError, ResponseShapeError } from "./errors.ts";
import {
  applicationError,
  envelope,
  itemMissing,
  setupClient as setup,
} from "./test-helpers/client-setup.ts";
import { jsonResponse } from "./test-helpers/fake-fetch.ts";
import type { SystemFields } from "./types.ts";

describe("get", () => {
  const stored = {
    _id: "a1",
    title_fld: "MainTitle",
    _createdDate: { $date: "2024-01-02T03:04:05.000Z" },
  };
  const found = () => jsonResponse({ dataItem: envelope(stored) });

  it("sends GET /wix-data/v2/items/{id} with the flat query of the SDK and no body", async () => {
    const { client, calls } = setup(found);

    await client.items.get({ dataCollectionId: "HomePage", dataItemId: "a1" });

    expect(calls()).toHaveLength(1);
    expect(calls()[0]).toMatchObject({
      method: "GET",
      url: "https://www.wixapis.com/wix-data/v2/items/a1?dataCollectionId=HomePage&dataItemId=a1",
      body: undefined,
    });
    expect(calls()[0]?.headers["content-type"]).toBeUndefined();
  });

  it("adds consistentRead and repeats fields as flat parameters", async () => {
    const { client, calls } = setup(found);

    await client.items.get({
      dataCollectionId: "HomePage",
      dataItemId: "a1",
      consistentRead: true,
      fields: ["title_fld", "data"],
    });

    expect(calls()[0]?.url).toBe(
      "https://www.wixapis.com/wix-data/v2/items/a1?dataCollectionId=HomePage&dataItemId=a1&consistentRead=true&fields=title_fld&fields=data",
    );
  });

  it("escapes the id in the path and the values in the query", async () => {
    const { client, calls } = setup(found);

    await client.items.get({ dataCollectionId: "Home Page", dataItemId: "a/1?x" });

    expect(calls()[0]?.url).toBe(
      "https://www.wixapis.com/wix-data/v2/items/a%2F1%3Fx?dataCollectionId=Home%20Page&dataItemId=a%2F1%3Fx",
    );
  });

  it("sends a payload with nested objects as ?.r=<base64url JSON>", async () => {
    const { client, calls } = setup(found);

    await client.items.get({
      dataCollectionId: "C",
      dataItemId: "g",
      includeReferences: [{ field: "refs", limit: 2 }],
    });

    // base64url of {"dataCollectionId":"C","dataItemId":"g","includeReferences":[{"field":"refs","limit":2}]},
    // the payload the official SDK sent for this call (docs/protocol.md §13.2, item 6).
    const expected =
      "eyJkYXRhQ29sbGVjdGlvbklkIjoiQyIsImRhdGFJdGVtSWQiOiJnIiwiaW5jbHVkZVJlZmVyZW5jZXMiOlt7ImZpZWxkIjoicmVmcyIsImxpbWl0IjoyfV19";
    expect(calls()[0]?.url).toBe(`https://www.wixapis.com/wix-data/v2/items/g?.r=${expected}`);
  });

  it("stays a GET when the query string is exactly 4000 characters", async () => {
    const { client, calls } = setup(found);
    // "dataCollectionId=HomePage&dataItemId=a1&fields=" is 47 characters.
    const field = "f".repeat(4000 - 47);

    await client.items.get({ dataCollectionId: "HomePage", dataItemId: "a1", fields: [field] });

    expect(calls()[0]?.method).toBe("GET");
    expect(new URL(calls()[0]?.url ?? "").search).toHaveLength(4001);
  });

  it("posts the JSON payload to the same path when the query string exceeds 4000 characters", async () => {
    const { client, calls } = setup(found);
    const field = "f".repeat(4000 - 47 + 1);

    await client.items.get({ dataCollectionId: "HomePage", dataItemId: "a1", fields: [field] });

    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "https://www.wixapis.com/wix-data/v2/items/a1",
      headers: { "content-type": "application/json" },
      body: { dataCollectionId: "HomePage", dataItemId: "a1", fields: [field] },
    });
  });

  it("falls back to POST for a long .r payload too", async () => {
    const { client, calls } = setup(found);
    const includeReferences = Array.from({ length: 200 }, (_, index) => ({
      field: `reference-${index}`,
    }));

    await client.items.get({ dataCollectionId: "C", dataItemId: "g", includeReferences });

    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "https://www.wixapis.com/wix-data/v2/items/g",
      body: { dataCollectionId: "C", dataItemId: "g", includeReferences },
    });
  });

  it("resolves with the item's data object, dates revived", async () => {
    const { client } = setup(found);

    const item = await client.items.get({ dataCollectionId: "HomePage", dataItemId: "a1" });

    expect(item).toEqual({ ...stored, _createdDate: new Date("2024-01-02T03:04:05.000Z") });
  });

  it("resolves with null when the store answers WDE0073", async () => {
    const { client } = setup(itemMissing);

    await expect(
      client.items.get({ dataCollectionId: "HomePage", dataItemId: "x" }),
    ).resolves.toBeNull();
  });

  it("rejects with the HttpError for other refusals", async () => {
    const { client } = setup(() =>
      applicationError(404, "WDE0025", "Collection [Nope] does not exist."),
    );

    await expect(
      client.items.get({ dataCollectionId: "Nope", dataItemId: "x" }),
    ).rejects.toMatchObject({
      name: "HttpError",
      status: 404,
      code: "WDE0025",
    });
  });

  it("rejects a bare 404 without an application code instead of reading it as missing", async () => {
    const { client } = setup(() => new Response("", { status: 404 }));

    await expect(
      client.items.get({ dataCollectionId: "HomePage", dataItemId: "x" }),
    ).rejects.toBeInstanceOf(HttpError);
  });
});

describe("count", () => {
  it("posts the filter, dates encoded, and resolves with totalCount", async () => {
    const { client, calls } = setup(() => jsonResponse({ totalCount: 7 }));

    const count = await client.items.count({
      dataCollectionId: "HomePage",
      filter: { _createdDate: { $gt: new Date("2024-01-01T00:00:00.000Z") } },
      consistentRead: true,
    });

    expect(count).toBe(7);
    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "https://www.wixapis.com/wix-data/v2/items/count",
      body: {
        dataCollectionId: "HomePage",
        consistentRead: true,
        filter: { _createdDate: { $gt: { $date: "2024-01-01T00:00:00.000Z" } } },
      },
    });
  });

  it("sends filter {} when none is given, as the SDK does", async () => {
    const { client, calls } = setup(() => jsonResponse({ totalCount: 0 }));

    await client.items.count({ dataCollectionId: "HomePage" });

    expect(calls()[0]?.body).toEqual({ dataCollectionId: "HomePage", filter: {} });
  });

  it("reads an omitted totalCount as 0", async () => {
    const { client } = setup(() => jsonResponse({}));

    await expect(client.items.count({ dataCollectionId: "HomePage" })).resolves.toBe(0);
  });

  it("throws ResponseShapeError when totalCount is not a number", async () => {
    const { client } = setup(() => jsonResponse({ totalCount: "7" }));

    await expect(client.items.count({ dataCollectionId: "HomePage" })).rejects.toBeInstanceOf(
      ResponseShapeError,
    );
  });
});

describe("queryDistinctValues", () => {
  it("posts the request and resolves with the values, dates revived", async () => {
    const pagingMetadata = { count: 2, offset: 0, hasNext: false };
    const { client, calls } = setup(() =>
      jsonResponse({
        distinctValues: ["a", { $date: "2024-05-05T00:00:00.000Z" }],
        pagingMetadata,
      }),
    );

    const result = await client.items.queryDistinctValues({
      dataCollectionId: "HomePage",
      fieldName: "title_fld",
      order: "DESC",
      paging: { limit: 10 },
    });

    expect(calls()[0]).toMatchObject({
      url: "https://www.wixapis.com/wix-data/v2/items/query-distinct-values",
      body: {
        dataCollectionId: "HomePage",
        fieldName: "title_fld",
        order: "DESC",
        paging: { limit: 10 },
        filter: {},
      },
    });
    expect(result).toEqual({
      distinctValues: ["a", new Date("2024-05-05T00:00:00.000Z")],
      pagingMetadata,
    });
  });
});

describe("aggregate", () => {
  it("posts the aggregation with initialFilter {} and resolves with the groups as sent", async () => {
    const results = [{ _id: { city: "Paris" }, count: 3, total: 12 }];
    const { client, calls } = setup(() => jsonResponse({ results, pagingMetadata: { count: 1 } }));

    const answer = await client.items.aggregate({
      dataCollectionId: "HomePage",
      aggregation: {
        groupingFields: ["city"],
        operations: [
          { resultFieldName: "count", itemCount: {} },
          { resultFieldName: "total", sum: { itemFieldName: "n" } },
        ],
      },
      finalFilter: { count: { $gt: 1 } },
    });

    expect(calls()[0]).toMatchObject({
      url: "https://www.wixapis.com/wix-data/v2/items/aggregate",
    });
    expect(calls()[0]?.body).toEqual({
      dataCollectionId: "HomePage",
      aggregation: {
        groupingFields: ["city"],
        operations: [
          { resultFieldName: "count", itemCount: {} },
          { resultFieldName: "total", sum: { itemFieldName: "n" } },
        ],
      },
      finalFilter: { count: { $gt: 1 } },
      initialFilter: {},
    });
    expect(answer).toEqual({ results, pagingMetadata: { count: 1 } });
  });
});

describe("read typing", () => {
  it("types get as the caller's data plus system fields, or null", async () => {
    const { client } = setup(() => jsonResponse({ dataItem: envelope({ _id: "a", n: 1 }) }));

    const item = await client.items.get<{ n: number }>({
      dataCollectionId: "HomePage",
      dataItemId: "a",
    });

    expectTypeOf(item).toEqualTypeOf<({ n: number } & SystemFields) | null>();
  });
});
