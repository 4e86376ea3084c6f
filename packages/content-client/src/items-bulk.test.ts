import { describe, expect, it } from "vitest";
import { ResponseShapeError } from "./errors.ts";
import { envelope, setupClient as setup } from "./test-helpers/client-setup.ts";
import { jsonResponse } from "./test-helpers/fake-fetch.ts";

const bulkAnswer = {
  results: [
    {
      action: "INSERT",
      itemMetadata: { id: "b1", originalIndex: 0, success: true },
      dataItem: envelope({ _id: "b1", _createdDate: { $date: "2024-01-02T03:04:05.000Z" } }),
    },
    {
      action: "INSERT",
      itemMetadata: {
        originalIndex: 1,
        success: false,
        error: { code: "WDE0074", description: "exists", data: {} },
      },
    },
  ],
  bulkActionMetadata: { totalSuccesses: 1, totalFailures: 1 },
};

describe("bulk item calls", () => {
  it("posts bulkInsert to /bulk/items/insert with ids taken from data._id", async () => {
    const { client, calls } = setup(() => jsonResponse(bulkAnswer));

    await client.items.bulkInsert({
      dataCollectionId: "HomePage",
      dataItems: [{ data: { title_fld: "A" } }, { data: { _id: "b2", title_fld: "B" } }],
    });

    // The body the official SDK sent for the same bulk insert (docs/protocol.md §13.2, item 13).
    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "https://www.wixapis.com/wix-data/v2/bulk/items/insert",
    });
    expect(calls()[0]?.body).toEqual({
      dataCollectionId: "HomePage",
      dataItems: [{ data: { title_fld: "A" } }, { id: "b2", data: { _id: "b2", title_fld: "B" } }],
    });
  });

  it("resolves with per-item results and totals, dates revived", async () => {
    const { client } = setup(() => jsonResponse(bulkAnswer));

    const result = await client.items.bulkInsert({
      dataCollectionId: "HomePage",
      dataItems: [],
      returnEntity: true,
    });

    expect(result.bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1 });
    expect(result.results[0]?.dataItem?.data._createdDate).toEqual(
      new Date("2024-01-02T03:04:05.000Z"),
    );
    expect(result.results[1]?.itemMetadata.error?.code).toBe("WDE0074");
  });

  it("posts bulkUpdate and bulkSave to their own paths with returnEntity", async () => {
    const { client, calls } = setup(() => jsonResponse(bulkAnswer));
    const dataItems = [{ data: { _id: "b2", title_fld: "B2" } }];

    await client.items.bulkUpdate({ dataCollectionId: "HomePage", dataItems, returnEntity: true });
    await client.items.bulkSave({ dataCollectionId: "HomePage", dataItems });

    expect(calls().map((call) => call.url)).toEqual([
      "https://www.wixapis.com/wix-data/v2/bulk/items/update",
      "https://www.wixapis.com/wix-data/v2/bulk/items/save",
    ]);
    expect(calls()[0]?.body).toEqual({
      dataCollectionId: "HomePage",
      returnEntity: true,
      dataItems: [{ id: "b2", data: { _id: "b2", title_fld: "B2" } }],
    });
  });

  it("posts bulkRemove with the ids to /bulk/items/remove", async () => {
    const { client, calls } = setup(() => jsonResponse(bulkAnswer));

    await client.items.bulkRemove({ dataCollectionId: "HomePage", dataItemIds: ["b2", "b3"] });

    expect(calls()[0]).toMatchObject({
      url: "https://www.wixapis.com/wix-data/v2/bulk/items/remove",
      body: { dataCollectionId: "HomePage", dataItemIds: ["b2", "b3"] },
    });
  });

  it("throws ResponseShapeError when a result has no itemMetadata", async () => {
    const { client } = setup(() =>
      jsonResponse({
        results: [{ action: "DELETE" }],
        bulkActionMetadata: { totalSuccesses: 1, totalFailures: 0 },
      }),
    );

    await expect(
      client.items.bulkRemove({ dataCollectionId: "HomePage", dataItemIds: ["b2"] }),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });
});
