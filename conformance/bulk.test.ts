import { describe, expect, it } from "vitest";
import { fromSdkBulk, summarizeBulk } from "./harness/bulk-summary.ts";
import { useTwinAdminClients } from "./harness/twin-stores.ts";

const C = "Clients";
const env = useTwinAdminClients();

async function expectSameContent() {
  const expected = await env.sdk.items.query(C).limit(1000).find();
  const actual = await env.ours.items.query({
    dataCollectionId: C,
    query: { paging: { limit: 1000 } },
  });
  expect(actual.items).toEqual(expected.items);
}

describe("bulk item calls with an API key give the same results", () => {
  it("bulk insert skips an id that exists", async () => {
    // "owners" is in the sample content, so the third item is a duplicate (WDE0074).
    const data = [
      { _id: "b1", itemData: "Bulk one", when: new Date("2024-02-02T00:00:00.000Z") },
      { _id: "b2", itemData: "Bulk two" },
      { _id: "owners", itemData: "Duplicate" },
      { _id: "b3", itemData: "Bulk three" },
    ];

    const expected = await env.sdk.items.bulkInsert(C, data);
    const actual = await env.ours.items.bulkInsert({
      dataCollectionId: C,
      dataItems: data.map((item) => ({ data: item })),
    });

    expect(expected).toMatchObject({ inserted: 3, skipped: 1, errors: [] });
    expect(summarizeBulk(actual, ["WDE0074"])).toEqual(fromSdkBulk(expected));
    expect(actual.results[2]?.itemMetadata).toMatchObject({
      originalIndex: 2,
      success: false,
      error: { code: "WDE0074" },
    });
    expect(actual.bulkActionMetadata).toEqual({ totalSuccesses: 3, totalFailures: 1 });
    await expectSameContent();
  });

  it("bulk update skips a missing id", async () => {
    env.clock.ms += 5_000;
    const data = [
      { _id: "b1", itemData: "Bulk one, updated" },
      { _id: "missing", itemData: "Nowhere" },
      { _id: "b2", itemData: "Bulk two, updated" },
    ];

    const expected = await env.sdk.items.bulkUpdate(C, data);
    const actual = await env.ours.items.bulkUpdate({
      dataCollectionId: C,
      dataItems: data.map((item) => ({ data: item })),
    });

    expect(expected).toMatchObject({ updated: 2, skipped: 1, updatedItemIds: ["b1", "b2"] });
    expect(summarizeBulk(actual, ["WDE0073"])).toEqual(fromSdkBulk(expected));
    await expectSameContent();
  });

  it("bulk save inserts new ids and updates existing ones", async () => {
    env.clock.ms += 5_000;
    const data = [
      { _id: "b3", itemData: "Bulk three, saved" },
      { _id: "b4", itemData: "Bulk four, new" },
    ];

    const expected = await env.sdk.items.bulkSave(C, data);
    const actual = await env.ours.items.bulkSave({
      dataCollectionId: C,
      dataItems: data.map((item) => ({ data: item })),
      returnEntity: true,
    });

    expect(expected).toMatchObject({
      inserted: 1,
      updated: 1,
      insertedItemIds: ["b4"],
      updatedItemIds: ["b3"],
    });
    expect(summarizeBulk(actual, [])).toEqual(fromSdkBulk(expected));
    expect(actual.results.map((result) => result.dataItem?.data)).toEqual([
      await env.sdk.items.get(C, "b3"),
      await env.sdk.items.get(C, "b4"),
    ]);
    await expectSameContent();
  });

  it("bulk remove skips a missing id", async () => {
    const ids = ["b1", "gone", "b4"];

    const expected = await env.sdk.items.bulkRemove(C, ids);
    const actual = await env.ours.items.bulkRemove({ dataCollectionId: C, dataItemIds: ids });

    expect(expected).toMatchObject({ removed: 2, skipped: 1, removedItemIds: ["b1", "b4"] });
    expect(summarizeBulk(actual, ["WDE0073"])).toEqual(fromSdkBulk(expected));
    await expectSameContent();
  });
});
