/**
 * SITE_MEMBER_AUTHOR over the data-items routes: in a collection created over the wire, a member
 * inserts, and updates, patches, saves and removes only the items they created; another
 * member's item is refused (403) and stays as it was, also in bulk calls; a visitor writes
 * nothing; the API key reaches every item. With an author read role a member reads only their own.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { codeOf } from "../../main/test-kit/api.ts";
import { createMemberKit, type MemberKit } from "../../main/test-kit/identity-kit.ts";

const NOTES = "Notes";
const DIARY = "Diary";
let k: MemberKit;
let ada: { id: string; token: string };
let bob: { id: string; token: string };

const collection = (id: string, read: string) => ({
  collection: {
    id,
    fields: [{ key: "title", type: "TEXT" }],
    permissions: {
      read,
      insert: "SITE_MEMBER",
      update: "SITE_MEMBER_AUTHOR",
      remove: "SITE_MEMBER_AUTHOR",
    },
  },
});

const as = (who: { token: string } | string) => ({
  authorization: typeof who === "string" ? who : who.token,
});

async function insert(who: { token: string }, collectionId: string, id: string) {
  const response = await k.post(
    "/v2/items",
    { dataCollectionId: collectionId, dataItem: { id, data: { _id: id, title: id } } },
    as(who),
  );
  expect(response.statusCode).toBe(200);
  return response.json().dataItem;
}

beforeAll(async () => {
  k = await createMemberKit();
  ada = await k.signedInMember("ada@example.com");
  bob = await k.signedInMember("bob@example.com");
  for (const [id, read] of [
    [NOTES, "SITE_MEMBER"],
    [DIARY, "SITE_MEMBER_AUTHOR"],
  ] as const) {
    const created = await k.post("/v2/collections", collection(id, read), as(k.apiKey));
    expect(created.statusCode).toBe(200);
  }
  await insert(ada, NOTES, "ada-note");
  await insert(bob, NOTES, "bob-note");
  await insert(ada, DIARY, "ada-day");
  await insert(bob, DIARY, "bob-day");
});
afterAll(() => k.close());

const title = async (collectionId: string, id: string) =>
  (
    await k.app.inject({
      method: "GET",
      url: `/v2/items/${id}?dataCollectionId=${collectionId}`,
      headers: as(k.apiKey),
    })
  ).json().dataItem?.data.title;

describe("a member's insert", () => {
  test("records the member as the item's owner, whatever _ownerId the member sends", async () => {
    const response = await k.post(
      "/v2/items",
      { dataCollectionId: NOTES, dataItem: { data: { title: "forged", _ownerId: bob.id } } },
      as(ada),
    );
    expect(response.json().dataItem.data._ownerId).toBe(ada.id);
  });
});

describe("a member's writes to their own items", () => {
  test("update, patch and save succeed", async () => {
    const update = await k.post(
      "/v2/items/update",
      { dataCollectionId: NOTES, dataItem: { id: "ada-note", data: { title: "edited" } } },
      as(ada),
    );
    expect(update.statusCode).toBe(200);
    const patch = await k.post(
      "/v2/items/patch",
      {
        dataCollectionId: NOTES,
        patch: {
          dataItemId: "ada-note",
          fieldModifications: [
            { fieldPath: "title", action: "SET_FIELD", setFieldOptions: { value: "patched" } },
          ],
        },
      },
      as(ada),
    );
    expect(patch.statusCode).toBe(200);
    const save = await k.post(
      "/v2/items/save",
      { dataCollectionId: NOTES, dataItem: { id: "ada-note", data: { title: "saved" } } },
      as(ada),
    );
    expect(save.json().action).toBe("UPDATED");
    expect(await title(NOTES, "ada-note")).toBe("saved");
  });
});

describe("a member's save of an id no item has", () => {
  test("inserts it as the member's own, the share rule not applied to an item not there", async () => {
    const response = await k.post(
      "/v2/items/save",
      { dataCollectionId: NOTES, dataItem: { id: "ada-saved", data: { title: "new" } } },
      as(ada),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().action).toBe("INSERTED");
    expect(response.json().dataItem.data._ownerId).toBe(ada.id);
  });
});

describe("a member's writes to another member's item are refused and change nothing", () => {
  test("update, patch, save and remove answer 403", async () => {
    const attempts = [
      k.post(
        "/v2/items/update",
        { dataCollectionId: NOTES, dataItem: { id: "bob-note", data: { title: "mine now" } } },
        as(ada),
      ),
      k.post(
        "/v2/items/patch",
        {
          dataCollectionId: NOTES,
          patch: {
            dataItemId: "bob-note",
            fieldModifications: [
              { fieldPath: "title", action: "SET_FIELD", setFieldOptions: { value: "x" } },
            ],
          },
        },
        as(ada),
      ),
      k.post(
        "/v2/items/save",
        { dataCollectionId: NOTES, dataItem: { id: "bob-note", data: { title: "x" } } },
        as(ada),
      ),
      k.post("/v2/items/remove", { dataCollectionId: NOTES, dataItemId: "bob-note" }, as(ada)),
      k.post(
        "/v2/items/update",
        {
          dataCollectionId: NOTES,
          dataItem: { id: "bob-note", data: { title: "x" } },
          condition: { filter: { title: "nope" } },
        },
        as(ada),
      ),
    ];
    const actions = ["update", "update", "update", "remove", "update"];
    for (const [i, response] of (await Promise.all(attempts)).entries()) {
      expect(response.statusCode).toBe(403);
      expect(codeOf(response)).toBe("WDE0027");
      expect(response.json().message).toBe(
        `The current user does not have permissions to ${actions[i]} on the [${NOTES}] collection.`,
      );
      // It names what was refused, on which item: the member's own request, nothing more.
      expect(response.json().details.applicationError.data).toEqual({
        collectionId: NOTES,
        action: actions[i],
        itemId: "bob-note",
      });
      // The refusal carries no copy of the other member's item.
      expect(JSON.stringify(response.json())).not.toContain('bob-note","title');
    }
    expect(await title(NOTES, "bob-note")).toBe("bob-note");
  });

  test("bulk update and remove fail per item for the other member's items only", async () => {
    await insert(ada, NOTES, "ada-bulk");
    const update = await k.post(
      "/v2/bulk/items/update",
      {
        dataCollectionId: NOTES,
        dataItems: [
          { id: "ada-bulk", data: { title: "bulk" } },
          { id: "bob-note", data: { title: "bulk" } },
        ],
      },
      as(ada),
    );
    expect(update.json().bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1 });
    expect(update.json().results[1].itemMetadata.error.code).toBe("WDE0027");
    const remove = await k.post(
      "/v2/bulk/items/remove",
      { dataCollectionId: NOTES, dataItemIds: ["bob-note", "ada-bulk"] },
      as(ada),
    );
    expect(remove.json().bulkActionMetadata).toEqual({ totalSuccesses: 1, totalFailures: 1 });
    expect(await title(NOTES, "bob-note")).toBe("bob-note");
  });

  test("truncate is refused to members (it would reach others' items)", async () => {
    const response = await k.post("/v2/items/truncate", { dataCollectionId: NOTES }, as(ada));
    expect(response.statusCode).toBe(403);
    expect(await title(NOTES, "bob-note")).toBe("bob-note");
  });
});

describe("visitors and the API key", () => {
  test("a visitor reads nothing and writes nothing", async () => {
    const visitor = await k.token();
    const query = await k.post("/v2/items/query", { dataCollectionId: NOTES }, as(visitor));
    expect(query.statusCode).toBe(403);
    const insertAttempt = await k.post(
      "/v2/items",
      { dataCollectionId: NOTES, dataItem: { data: { title: "x" } } },
      as(visitor),
    );
    expect(insertAttempt.statusCode).toBe(403);
  });

  test("the API key updates any member's item", async () => {
    const response = await k.post(
      "/v2/items/update",
      { dataCollectionId: DIARY, dataItem: { id: "bob-day", data: { title: "by admin" } } },
      as(k.apiKey),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().dataItem.data._ownerId).toBe(bob.id);
  });
});

describe("an author read role", () => {
  test("gives a member only their own items in query, count and get", async () => {
    const query = await k.post(
      "/v2/items/query",
      { dataCollectionId: DIARY, query: { filter: { title: { $ne: "zzz" } } } },
      as(ada),
    );
    expect(query.json().dataItems.map((item: { id: string }) => item.id)).toEqual(["ada-day"]);
    const count = await k.post("/v2/items/count", { dataCollectionId: DIARY }, as(ada));
    expect(count.json()).toEqual({ totalCount: 1 });
    const get = await k.app.inject({
      method: "GET",
      url: `/v2/items/bob-day?dataCollectionId=${DIARY}`,
      headers: as(ada),
    });
    expect(get.statusCode).toBe(404);
  });

  test("reads stay open to the API key, whole", async () => {
    const count = await k.post("/v2/items/count", { dataCollectionId: DIARY }, as(k.apiKey));
    expect(count.json()).toEqual({ totalCount: 2 });
  });
});
