import { describe, expect, it } from "vitest";
import { ResponseShapeError } from "./errors.ts";
import { envelope, setupClient as setup } from "./test-helpers/client-setup.ts";
import { jsonResponse } from "./test-helpers/fake-fetch.ts";

const reference = { referringItemFieldName: "refs", referringItemId: "a1", referencedItemId: "r1" };
const url = (path: string) => `https://www.wixapis.com/wix-data/v2${path}`;

describe("queryReferenced", () => {
  const answer = {
    results: [
      {
        dataItem: envelope(
          { _id: "r1", _createdDate: { $date: "2024-01-02T03:04:05.000Z" } },
          "Refs",
        ),
      },
      { unresolvedReference: { referringItemId: "a1", referringItemFieldName: "refs" } },
    ],
    pagingMetadata: { count: 2, offset: 0, hasNext: false },
  };

  it("posts with paging limit 50 offset 0 by default, like the SDK", async () => {
    const { client, calls } = setup(() => jsonResponse(answer));

    await client.items.queryReferenced({
      dataCollectionId: "HomePage",
      referringItemId: "a1",
      referringItemFieldName: "refs",
    });

    expect(calls()[0]).toMatchObject({ method: "POST", url: url("/items/query-referenced") });
    expect(calls()[0]?.body).toEqual({
      dataCollectionId: "HomePage",
      referringItemId: "a1",
      referringItemFieldName: "refs",
      paging: { limit: 50, offset: 0 },
    });
  });

  it("sends cursor paging as given", async () => {
    const { client, calls } = setup(() => jsonResponse(answer));

    await client.items.queryReferenced({
      dataCollectionId: "HomePage",
      referringItemIds: ["a1", "a2"],
      referringItemFieldName: "refs",
      cursorPaging: { cursor: "c1" },
    });

    expect(calls()[0]?.body).toEqual({
      dataCollectionId: "HomePage",
      referringItemIds: ["a1", "a2"],
      referringItemFieldName: "refs",
      cursorPaging: { cursor: "c1" },
    });
  });

  it("resolves with the resolved items' data, the raw results and the paging metadata", async () => {
    const { client } = setup(() => jsonResponse(answer));

    const result = await client.items.queryReferenced({
      dataCollectionId: "HomePage",
      referringItemId: "a1",
      referringItemFieldName: "refs",
    });

    expect(result.items).toEqual([
      { _id: "r1", _createdDate: new Date("2024-01-02T03:04:05.000Z") },
    ]);
    expect(result.results).toHaveLength(2);
    expect(result.pagingMetadata).toEqual(answer.pagingMetadata);
  });
});

describe("isReferenced", () => {
  it("posts the reference and resolves with the boolean", async () => {
    const { client, calls } = setup(() => jsonResponse({ isReferenced: true }));

    await expect(
      client.items.isReferenced({ dataCollectionId: "HomePage", ...reference }),
    ).resolves.toBe(true);

    expect(calls()[0]).toMatchObject({
      url: url("/items/is-referenced"),
      body: { dataCollectionId: "HomePage", ...reference },
    });
  });

  it("reads an omitted isReferenced as false", async () => {
    const { client } = setup(() => jsonResponse({}));

    await expect(
      client.items.isReferenced({ dataCollectionId: "HomePage", ...reference }),
    ).resolves.toBe(false);
  });
});

describe("single reference calls", () => {
  it("posts insertReference to /items/insert-reference and resolves with the reference", async () => {
    const { client, calls } = setup(() => jsonResponse({ dataItemReference: reference }));

    const inserted = await client.items.insertReference({
      dataCollectionId: "HomePage",
      dataItemReference: reference,
    });

    expect(calls()[0]).toMatchObject({
      url: url("/items/insert-reference"),
      body: { dataCollectionId: "HomePage", dataItemReference: reference },
    });
    expect(inserted).toEqual(reference);
  });

  it("posts removeReference to /items/remove-reference", async () => {
    const { client, calls } = setup(() => jsonResponse({ dataItemReference: reference }));

    await client.items.removeReference({
      dataCollectionId: "HomePage",
      dataItemReference: reference,
    });

    expect(calls()[0]?.url).toBe(url("/items/remove-reference"));
  });

  it("throws ResponseShapeError when the answer has no reference", async () => {
    const { client } = setup(() => jsonResponse({}));

    await expect(
      client.items.insertReference({ dataCollectionId: "HomePage", dataItemReference: reference }),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it("posts replaceReferences and resolves with the new references", async () => {
    const replaced = [{ ...reference, referencedItemId: "r3" }];
    const { client, calls } = setup(() => jsonResponse({ dataItemReferences: replaced }));

    const result = await client.items.replaceReferences({
      dataCollectionId: "HomePage",
      referringItemFieldName: "refs",
      referringItemId: "a1",
      newReferencedItemIds: ["r3"],
    });

    // The body the official SDK sent for the same call (docs/protocol.md §13.2, item 14).
    expect(calls()[0]).toMatchObject({
      url: url("/items/replace-references"),
      body: {
        dataCollectionId: "HomePage",
        referringItemFieldName: "refs",
        referringItemId: "a1",
        newReferencedItemIds: ["r3"],
      },
    });
    expect(result).toEqual(replaced);
  });
});

describe("bulk reference calls", () => {
  const answer = {
    results: [
      {
        action: "INSERT",
        referenceMetadata: { originalIndex: 0, success: true },
        dataItemReference: reference,
      },
    ],
    bulkActionMetadata: { totalSuccesses: 1, totalFailures: 0 },
  };

  it("posts bulkInsertReferences and bulkRemoveReferences to their bulk paths", async () => {
    const { client, calls } = setup(() => jsonResponse(answer));
    const request = {
      dataCollectionId: "HomePage",
      dataItemReferences: [reference],
      returnEntity: true,
    };

    await client.items.bulkInsertReferences(request);
    await client.items.bulkRemoveReferences(request);

    expect(calls().map((call) => [call.url, call.body])).toEqual([
      [url("/bulk/items/insert-references"), request],
      [url("/bulk/items/remove-references"), request],
    ]);
  });

  it("resolves with the per-reference results and totals", async () => {
    const { client } = setup(() => jsonResponse(answer));

    await expect(
      client.items.bulkInsertReferences({
        dataCollectionId: "HomePage",
        dataItemReferences: [reference],
      }),
    ).resolves.toEqual(answer);
  });
});
