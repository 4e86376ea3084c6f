import { describe, expect, it } from "vitest";
import { QUERY_COLLECTION as C, QUERY_ITEMS } from "./harness/query-fixture.ts";
import { useTwinAdminClients } from "./harness/twin-stores.ts";

const env = useTwinAdminClients((store) => store.insert(C, QUERY_ITEMS));

/** Every item of the collection, through each client: the twin stores must still hold the same. */
async function expectSameContent(collection: string) {
  const expected = await env.sdk.items.query(collection).limit(1000).find();
  const actual = await env.ours.items.query({
    dataCollectionId: collection,
    query: { paging: { limit: 1000 } },
  });
  expect(actual.items).toEqual(expected.items);
}

const written = {
  _id: "w1",
  itemData: "Written by both",
  order: 50,
  when: new Date("2024-06-01T12:00:00.000Z"),
  tags: ["x", "y"],
  nested: { a: 1, b: [true, null] },
};

describe("single-item calls with an API key give the same results", () => {
  it("insert with an id", async () => {
    const expected = await env.sdk.items.insert(C, written);
    const actual = await env.ours.items.insert({
      dataCollectionId: C,
      dataItem: { data: written },
    });

    expect(expected).toMatchObject({ ...written, _createdDate: new Date(env.clock.ms) });
    expect(actual).toEqual(expected);
  });

  it("insert without an id: the store generates one on each side", async () => {
    const data = { itemData: "No id given" };

    const expected = await env.sdk.items.insert(C, data);
    const actual = await env.ours.items.insert({ dataCollectionId: C, dataItem: { data } });

    expect(expected._id).toEqual(expect.any(String));
    expect(actual._id).toEqual(expect.any(String));
    expect({ ...actual, _id: "generated" }).toEqual({ ...expected, _id: "generated" });
    // Put the twins back in lockstep.
    await env.sdk.items.remove(C, expected._id);
    await env.ours.items.remove({ dataCollectionId: C, dataItemId: actual._id });
  });

  it("get, with and without consistentRead", async () => {
    const expected = await env.sdk.items.get(C, "w1");
    const actual = await env.ours.items.get({ dataCollectionId: C, dataItemId: "w1" });
    const consistent = await env.ours.items.get({
      dataCollectionId: C,
      dataItemId: "w1",
      consistentRead: true,
    });

    expect(expected).toMatchObject(written);
    expect(actual).toEqual(expected);
    expect(consistent).toEqual(await env.sdk.items.get(C, "w1", { consistentRead: true }));
  });

  it("get of a missing id resolves with null on both sides", async () => {
    await expect(env.sdk.items.get(C, "no-such-item")).resolves.toBeNull();
    await expect(
      env.ours.items.get({ dataCollectionId: C, dataItemId: "no-such-item" }),
    ).resolves.toBeNull();
  });

  it("update replaces the data and bumps _updatedDate", async () => {
    env.clock.ms += 60_000;
    const replacement = { _id: "w1", itemData: "Updated", order: 51 };

    const expected = await env.sdk.items.update(C, replacement);
    const actual = await env.ours.items.update({
      dataCollectionId: C,
      dataItem: { data: replacement },
    });

    expect(expected).toMatchObject(replacement);
    expect(expected).not.toHaveProperty("tags");
    expect(expected._updatedDate).toEqual(new Date(env.clock.ms));
    expect(expected._updatedDate).not.toEqual(expected._createdDate);
    expect(actual).toEqual(expected);
  });

  it("save inserts a new id", async () => {
    const data = { _id: "s1", itemData: "Saved" };

    const expected = await env.sdk.items.save(C, data);
    const actual = await env.ours.items.save({ dataCollectionId: C, dataItem: { data } });

    expect(actual).toEqual({ action: "INSERTED", item: expected });
  });

  it("save updates an existing id", async () => {
    env.clock.ms += 1_000;
    const data = { _id: "s1", itemData: "Saved again" };

    const expected = await env.sdk.items.save(C, data);
    const actual = await env.ours.items.save({ dataCollectionId: C, dataItem: { data } });

    expect(expected).toMatchObject(data);
    expect(actual).toEqual({ action: "UPDATED", item: expected });
  });

  it("remove resolves with the removed item", async () => {
    const expected = await env.sdk.items.remove(C, "s1");
    const actual = await env.ours.items.remove({ dataCollectionId: C, dataItemId: "s1" });

    expect(expected).toMatchObject({ _id: "s1", itemData: "Saved again" });
    expect(actual).toEqual(expected);
  });

  it("remove of a missing id resolves with null on both sides", async () => {
    await expect(env.sdk.items.remove(C, "s1")).resolves.toBeNull();
    await expect(
      env.ours.items.remove({ dataCollectionId: C, dataItemId: "s1" }),
    ).resolves.toBeNull();
  });

  it("leaves both stores holding the same items", async () => {
    await expectSameContent(C);
  });
});

describe("reads over many items give the same results", () => {
  it("count, unfiltered and filtered", async () => {
    const all = await env.sdk.items.query(C).count();
    const some = await env.sdk.items.query(C).gt("order", 105).count();

    expect(all).toBe(5 + 12 + 1);
    expect(await env.ours.items.count({ dataCollectionId: C })).toBe(all);
    expect(
      await env.ours.items.count({ dataCollectionId: C, filter: { order: { $gt: 105 } } }),
    ).toBe(some);
  });

  it("distinct values of a field", async () => {
    const expected = await env.sdk.items.distinct(C, "city");
    const actual = await env.ours.items.queryDistinctValues({
      dataCollectionId: C,
      fieldName: "city",
    });

    expect(expected.values.length).toBeGreaterThanOrEqual(4);
    expect(actual.distinctValues).toEqual(expected.values);
    expect(actual.pagingMetadata).toEqual(expected.pagingMetadata);
  });

  it("distinct values of the matching items, in descending order", async () => {
    const expected = await env.sdk.items.query(C).gt("order", 103).descending("n").distinct("n");
    const actual = await env.ours.items.queryDistinctValues({
      dataCollectionId: C,
      fieldName: "n",
      filter: { order: { $gt: 103 } },
      order: "DESC",
    });

    expect(expected.items.length).toBeGreaterThanOrEqual(3);
    expect(actual.distinctValues).toEqual(expected.items);
  });

  it("aggregate per group with count, sum and having", async () => {
    const expected = await env.sdk.items
      .aggregate(C)
      .filter(env.sdk.items.filter().gt("order", 100))
      .group("city")
      .count()
      .sum("n")
      .having(env.sdk.items.filter().gt("count", 1))
      .descending("nSum")
      .run();
    const actual = await env.ours.items.aggregate({
      dataCollectionId: C,
      initialFilter: { order: { $gt: 100 } },
      aggregation: {
        groupingFields: ["city"],
        operations: [
          { resultFieldName: "count", itemCount: {} },
          { resultFieldName: "nSum", sum: { itemFieldName: "n" } },
        ],
      },
      finalFilter: { count: { $gt: 1 } },
      sort: [{ fieldName: "nSum", order: "DESC" }],
    });

    expect(expected.items.length).toBeGreaterThanOrEqual(2);
    // The SDK unwraps a single grouping field's `_id: {city}` to its value; our client keeps the wire shape.
    expect(actual.results.map(unwrapSingleKeyId)).toEqual(expected.items);
  });

  it("aggregate over all items with average, min and max", async () => {
    const expected = await env.sdk.items.aggregate(C).avg("n").min("when").max("order").run();
    const actual = await env.ours.items.aggregate({
      dataCollectionId: C,
      aggregation: {
        operations: [
          { resultFieldName: "nAvg", average: { itemFieldName: "n" } },
          { resultFieldName: "whenMin", min: { itemFieldName: "when" } },
          { resultFieldName: "orderMax", max: { itemFieldName: "order" } },
        ],
      },
    });

    expect(expected.items).toHaveLength(1);
    expect(expected.items[0]).toMatchObject({
      orderMax: 112,
      whenMin: new Date("2024-01-15T08:30:00.000Z"),
    });
    expect(actual.results.map(unwrapSingleKeyId)).toEqual(expected.items);
  });
});

describe("truncate", () => {
  it("empties the collection on both sides", async () => {
    await expect(env.sdk.items.truncate("WhyWorkWithMe")).resolves.toBeUndefined();
    await expect(
      env.ours.items.truncate({ dataCollectionId: "WhyWorkWithMe" }),
    ).resolves.toBeUndefined();

    expect(await env.sdk.items.query("WhyWorkWithMe").count()).toBe(0);
    expect(await env.ours.items.count({ dataCollectionId: "WhyWorkWithMe" })).toBe(0);
  });
});

function unwrapSingleKeyId(result: Record<string, unknown>): Record<string, unknown> {
  const id = result._id;
  if (typeof id !== "object" || id === null || id instanceof Date) return result;
  const keys = Object.keys(id);
  return keys.length === 1
    ? { ...result, _id: (id as Record<string, unknown>)[keys[0] as string] }
    : result;
}
