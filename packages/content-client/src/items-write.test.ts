import { describe, expect, it } from "vitest";
import { ResponseShapeError } from "./errors.ts";
import {
  applicationError,
  envelope,
  itemMissing,
  setupClient as setup,
} from "./test-helpers/client-setup.ts";
import { jsonResponse } from "./test-helpers/fake-fetch.ts";

const CREATED = "2024-01-02T03:04:05.000Z";
const stored = {
  _id: "a2",
  title_fld: "Z",
  _createdDate: { $date: CREATED },
  _updatedDate: { $date: CREATED },
};
const revived = { ...stored, _createdDate: new Date(CREATED), _updatedDate: new Date(CREATED) };
const answerItem = () => jsonResponse({ dataItem: envelope(stored) });

describe("insert", () => {
  it("posts to /wix-data/v2/items with dataItem.id taken from data._id", async () => {
    const { client, calls } = setup(answerItem);

    await client.items.insert({
      dataCollectionId: "HomePage",
      dataItem: { data: { _id: "a2", title_fld: "Z" } },
    });

    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "https://www.wixapis.com/wix-data/v2/items",
      headers: { authorization: "access-1", "content-type": "application/json" },
    });
    expect(calls()[0]?.body).toEqual({
      dataCollectionId: "HomePage",
      dataItem: { id: "a2", data: { _id: "a2", title_fld: "Z" } },
    });
  });

  it("sends no id when neither id nor _id is set, and every Date as $date", async () => {
    const { client, calls } = setup(answerItem);

    await client.items.insert({
      dataCollectionId: "HomePage",
      dataItem: { data: { title_fld: "X", when: new Date("2024-05-05T00:00:00.000Z") } },
    });

    // The body the official SDK sent for the same insert (docs/protocol.md §13.2, item 7).
    expect(calls()[0]?.body).toEqual({
      dataCollectionId: "HomePage",
      dataItem: { data: { title_fld: "X", when: { $date: "2024-05-05T00:00:00.000Z" } } },
    });
  });

  it("resolves with the stored data object, dates revived", async () => {
    const { client } = setup(answerItem);

    const item = await client.items.insert({
      dataCollectionId: "HomePage",
      dataItem: { data: { title_fld: "Z" } },
    });

    expect(item).toEqual(revived);
  });

  it("rejects with code WDE0074 when the id exists", async () => {
    const { client } = setup(() => applicationError(409, "WDE0074", "Item [a2] already exists."));

    await expect(
      client.items.insert({ dataCollectionId: "HomePage", dataItem: { data: { _id: "a2" } } }),
    ).rejects.toMatchObject({ name: "HttpError", status: 409, code: "WDE0074" });
  });

  it("throws ResponseShapeError when the answer has no dataItem", async () => {
    const { client } = setup(() => jsonResponse({}));

    await expect(
      client.items.insert({ dataCollectionId: "HomePage", dataItem: { data: {} } }),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe("update", () => {
  it("posts to /items/update with the id and the condition", async () => {
    const { client, calls } = setup(answerItem);

    await client.items.update({
      dataCollectionId: "HomePage",
      dataItem: { data: { _id: "a1", title_fld: "Y" } },
      condition: { filter: { title_fld: "X" } },
    });

    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "https://www.wixapis.com/wix-data/v2/items/update",
    });
    expect(calls()[0]?.body).toEqual({
      dataCollectionId: "HomePage",
      condition: { filter: { title_fld: "X" } },
      dataItem: { id: "a1", data: { _id: "a1", title_fld: "Y" } },
    });
  });

  it("keeps an explicit dataItem.id", async () => {
    const { client, calls } = setup(answerItem);

    await client.items.update({
      dataCollectionId: "HomePage",
      dataItem: { id: "a1", data: { title_fld: "Y" } },
    });

    expect(calls()[0]?.body).toMatchObject({ dataItem: { id: "a1", data: { title_fld: "Y" } } });
  });

  it("rejects with WDE0073 when the item is missing (unlike get and remove)", async () => {
    const { client } = setup(itemMissing);

    await expect(
      client.items.update({ dataCollectionId: "HomePage", dataItem: { id: "x", data: {} } }),
    ).rejects.toMatchObject({ code: "WDE0073" });
  });
});

describe("save", () => {
  it("posts to /items/save and resolves with the action and the item", async () => {
    const { client, calls } = setup(() =>
      jsonResponse({ action: "UPDATED", dataItem: envelope(stored) }),
    );

    const result = await client.items.save({
      dataCollectionId: "HomePage",
      dataItem: { data: { _id: "a2", title_fld: "Z" } },
    });

    expect(calls()[0]).toMatchObject({
      url: "https://www.wixapis.com/wix-data/v2/items/save",
      body: {
        dataCollectionId: "HomePage",
        dataItem: { id: "a2", data: { _id: "a2", title_fld: "Z" } },
      },
    });
    expect(result).toEqual({ action: "UPDATED", item: revived });
  });

  it("throws ResponseShapeError when the action is not one of the protocol's", async () => {
    const { client } = setup(() =>
      jsonResponse({ action: "UPSERTED", dataItem: envelope(stored) }),
    );

    await expect(
      client.items.save({ dataCollectionId: "HomePage", dataItem: { data: {} } }),
    ).rejects.toBeInstanceOf(ResponseShapeError);
  });
});

describe("remove", () => {
  it("posts to /items/remove and resolves with the removed item", async () => {
    const { client, calls } = setup(answerItem);

    const removed = await client.items.remove({ dataCollectionId: "HomePage", dataItemId: "a2" });

    expect(calls()[0]).toMatchObject({
      method: "POST",
      url: "https://www.wixapis.com/wix-data/v2/items/remove",
      body: { dataCollectionId: "HomePage", dataItemId: "a2" },
    });
    expect(removed).toEqual(revived);
  });

  it("resolves with null when the store answers WDE0073", async () => {
    const { client } = setup(itemMissing);

    await expect(
      client.items.remove({ dataCollectionId: "HomePage", dataItemId: "x" }),
    ).resolves.toBeNull();
  });

  it("rejects when a condition does not match", async () => {
    const { client } = setup(() => applicationError(409, "WDE0080", "Condition not met."));

    await expect(
      client.items.remove({
        dataCollectionId: "HomePage",
        dataItemId: "a2",
        condition: { filter: { v: 1 } },
      }),
    ).rejects.toMatchObject({ status: 409, code: "WDE0080" });
  });
});

describe("truncate", () => {
  it("posts the collection id to /items/truncate and resolves with nothing", async () => {
    const { client, calls } = setup(() => jsonResponse({}));

    await expect(client.items.truncate({ dataCollectionId: "HomePage" })).resolves.toBeUndefined();

    expect(calls()[0]).toMatchObject({
      url: "https://www.wixapis.com/wix-data/v2/items/truncate",
      body: { dataCollectionId: "HomePage" },
    });
  });
});
