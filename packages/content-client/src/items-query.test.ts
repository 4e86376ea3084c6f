/** The content client's query: the request it sends (paging, cursors, dates) and the result it reads back. */
import { describe, expect, expectTypeOf, it } from "vitest";
import { ResponseShapeError } from "./errors.ts";
import { setupClient as setup } from "./test-helpers/client-setup.ts";
import { jsonResponse, queryResponse } from "./test-helpers/fake-fetch.ts";
import type { SystemFields } from "./types.ts";

describe("query request", () => {
  it("posts the query to /wix-data/v2/items/query with the exact body", async () => {
    const { client, calls: queries } = setup();

    await client.items.query({
      dataCollectionId: "HomePage",
      query: {
        filter: { title_fld: "MainTitle" },
        sort: [{ fieldName: "title_fld", order: "ASC" }],
        paging: { limit: 10, offset: 20 },
        fields: ["title_fld"],
      },
      returnTotalCount: true,
      consistentRead: true,
    });

    expect(queries()).toHaveLength(1);
    expect(queries()[0]).toMatchObject({
      method: "POST",
      url: "https://www.wixapis.com/wix-data/v2/items/query",
      headers: { "content-type": "application/json", authorization: "access-1" },
    });
    expect(queries()[0]?.body).toEqual({
      dataCollectionId: "HomePage",
      query: {
        filter: { title_fld: "MainTitle" },
        sort: [{ fieldName: "title_fld", order: "ASC" }],
        paging: { limit: 10, offset: 20 },
        fields: ["title_fld"],
      },
      returnTotalCount: true,
      consistentRead: true,
    });
  });

  it("defaults paging to limit 50 and offset 0 when neither paging nor cursor is given", async () => {
    const { client, calls: queries } = setup();

    await client.items.query({ dataCollectionId: "Clients" });

    expect(queries()[0]?.body).toEqual({
      dataCollectionId: "Clients",
      query: { paging: { limit: 50, offset: 0 } },
    });
  });

  it("fills in the missing half of a partial paging object", async () => {
    const { client, calls: queries } = setup();

    await client.items.query({ dataCollectionId: "Clients", query: { paging: { offset: 100 } } });

    expect(queries()[0]?.body).toMatchObject({ query: { paging: { limit: 50, offset: 100 } } });
  });

  it("sends cursor paging as given, without offset paging", async () => {
    const { client, calls: queries } = setup();

    await client.items.query({
      dataCollectionId: "C",
      query: { cursorPaging: { limit: 1, cursor: "c1" } },
    });

    expect(queries()[0]?.body).toEqual({
      dataCollectionId: "C",
      query: { cursorPaging: { limit: 1, cursor: "c1" } },
    });
  });

  it("sends every Date in the filter as a $date object", async () => {
    const { client, calls: queries } = setup();
    const since = new Date("2024-01-01T00:00:00.000Z");

    await client.items.query({
      dataCollectionId: "HomePage",
      query: {
        filter: {
          $and: [{ _createdDate: { $gt: since } }, { when: { $in: [since, "x"] } }],
          day: since,
        },
      },
    });

    const iso = { $date: "2024-01-01T00:00:00.000Z" };
    expect(queries()[0]?.body).toMatchObject({
      query: {
        filter: { $and: [{ _createdDate: { $gt: iso } }, { when: { $in: [iso, "x"] } }], day: iso },
      },
    });
  });

  it("rejects an invalid Date before sending anything", async () => {
    const { client, calls: queries } = setup();

    await expect(
      client.items.query({
        dataCollectionId: "HomePage",
        query: { filter: { day: new Date("nope") } },
      }),
    ).rejects.toThrow('Invalid Date in the request at "day"');
    expect(queries()).toHaveLength(0);
  });
});

describe("query result", () => {
  const stored = {
    _id: "a1",
    _createdDate: { $date: "2024-01-02T03:04:05.000Z" },
    title_fld: "MainTitle",
    data: "Hello",
    nested: { at: [{ $date: "2024-05-05T00:00:00.000Z" }] },
  };

  it("returns the data objects as items with $date objects turned into Dates", async () => {
    const { client } = setup(() => queryResponse([stored]));

    const { items } = await client.items.query({ dataCollectionId: "HomePage" });

    expect(items).toEqual([
      {
        _id: "a1",
        _createdDate: new Date("2024-01-02T03:04:05.000Z"),
        title_fld: "MainTitle",
        data: "Hello",
        nested: { at: [new Date("2024-05-05T00:00:00.000Z")] },
      },
    ]);
  });

  it("returns the envelopes as dataItems and the paging metadata as sent", async () => {
    const { client } = setup(() => queryResponse([stored]));

    const result = await client.items.query({ dataCollectionId: "HomePage" });

    expect(result.dataItems[0]).toMatchObject({ id: "a1", dataCollectionId: "HomePage" });
    expect(result.dataItems[0]?.data).toBe(result.items[0]);
    expect(result.pagingMetadata).toEqual({
      count: 1,
      offset: 0,
      tooManyToCount: false,
      hasNext: false,
    });
  });

  it("leaves numeric and unparsable $date values as they are", async () => {
    const odd = { _id: "b", year: { $date: "2024" }, bad: { $date: "not a date" } };
    const { client } = setup(() => queryResponse([odd]));

    const { items } = await client.items.query({ dataCollectionId: "HomePage" });

    expect(items[0]).toEqual(odd);
  });

  it("types items as the caller's data plus system fields", async () => {
    const { client } = setup(() => queryResponse([stored]));

    const { items } = await client.items.query<{ title_fld: string; data: string }>({
      dataCollectionId: "HomePage",
    });

    expectTypeOf(items).toEqualTypeOf<({ title_fld: string; data: string } & SystemFields)[]>();
  });

  it("throws ResponseShapeError when the body has no dataItems array", async () => {
    const { client } = setup(() => jsonResponse({ items: [], pagingMetadata: {} }));

    await expect(client.items.query({ dataCollectionId: "HomePage" })).rejects.toBeInstanceOf(
      ResponseShapeError,
    );
  });

  it("throws ResponseShapeError when an item has no data object", async () => {
    const { client } = setup(() => jsonResponse({ dataItems: [{ id: "a" }], pagingMetadata: {} }));

    await expect(client.items.query({ dataCollectionId: "HomePage" })).rejects.toMatchObject({
      name: "ResponseShapeError",
      request: { method: "POST", url: "https://www.wixapis.com/wix-data/v2/items/query" },
    });
  });
});
