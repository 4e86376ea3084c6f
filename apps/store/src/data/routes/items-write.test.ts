import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { caller, codeOf, violatedFields } from "../../main/test-kit/api.ts";
import { createTestApp, START_MS, type TestApp } from "../../main/test-kit/test-app.ts";
import { SITE_OWNER_ID } from "../../platform/site-owner.ts";

let t: TestApp;
let admin: ReturnType<typeof caller>;

const C = "Clients";
const iso = (ms: number) => ({ $date: new Date(ms).toISOString() });

beforeEach(() => {
  t = createTestApp();
  admin = caller(t, t.apiKey);
  t.insert(C, [{ _id: "a", itemData: "A", n: 1 }]);
});
afterEach(() => t.app.close());

describe("insert", () => {
  test("stores the item with system fields and answers the DataItem", async () => {
    const response = await admin("POST", "items", {
      dataCollectionId: C,
      dataItem: { data: { _id: "b", itemData: "B", when: { $date: "2024-05-05T00:00:00.000Z" } } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      dataItem: {
        id: "b",
        dataCollectionId: C,
        data: {
          _id: "b",
          _createdDate: iso(START_MS),
          _updatedDate: iso(START_MS),
          _ownerId: SITE_OWNER_ID,
          itemData: "B",
          when: { $date: "2024-05-05T00:00:00.000Z" },
        },
      },
    });
    expect(t.store.getItem(C, "b")?.data).toEqual(response.json().dataItem.data);
  });

  test("generates a uuid when no id is given", async () => {
    const response = await admin("POST", "items", { dataCollectionId: C, dataItem: { data: {} } });
    expect(response.json().dataItem.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  test("takes the id from dataItem.id when data has no _id", async () => {
    const response = await admin("POST", "items", {
      dataCollectionId: C,
      dataItem: { id: "env", data: { x: 1 } },
    });
    expect(response.json().dataItem.data._id).toBe("env");
  });

  test("ignores system fields other than _id from the caller", async () => {
    const response = await admin("POST", "items", {
      dataCollectionId: C,
      dataItem: {
        data: {
          _id: "s",
          _createdDate: { $date: "2000-01-01T00:00:00.000Z" },
          _updatedDate: { $date: "2000-01-01T00:00:00.000Z" },
          _ownerId: "mallory",
        },
      },
    });
    expect(response.json().dataItem.data).toEqual({
      _id: "s",
      _createdDate: iso(START_MS),
      _updatedDate: iso(START_MS),
      _ownerId: SITE_OWNER_ID,
    });
  });

  test("an existing id is refused with 409 WDE0074 and the item is unchanged", async () => {
    const response = await admin("POST", "items", {
      dataCollectionId: C,
      dataItem: { data: { _id: "a", itemData: "other" } },
    });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe("WDE0074");
    expect(t.store.getItem(C, "a")?.data.itemData).toBe("A");
  });

  test("an id longer than 128 characters is a 400 on data._id", async () => {
    const response = await admin("POST", "items", {
      dataCollectionId: C,
      dataItem: { data: { _id: "x".repeat(129) } },
    });
    expect(response.statusCode).toBe(400);
    expect(violatedFields(response)).toEqual(["dataItem.data._id"]);
  });

  test("different ids in dataItem.id and data._id are a 400", async () => {
    const response = await admin("POST", "items", {
      dataCollectionId: C,
      dataItem: { id: "x", data: { _id: "y" } },
    });
    expect(violatedFields(response)).toEqual(["dataItem.id"]);
  });

  test("an item over 500 KB is refused with 413 and a clear message", async () => {
    const response = await admin("POST", "items", {
      dataCollectionId: C,
      dataItem: { data: { _id: "big", text: "x".repeat(520_000) } },
    });
    expect(response.statusCode).toBe(413);
    expect(codeOf(response)).toBe("ITEM_TOO_LARGE");
    expect(response.json().message).toMatch(/at most 512000 bytes \(500 KB\)/);
    expect(t.store.getItem(C, "big")).toBeNull();
  });

  test("the limit is 500 KB to the byte, and the refusal says how far over", async () => {
    const item = (id: string, length: number) => ({
      dataCollectionId: C,
      dataItem: { data: { _id: id, text: "x".repeat(length) } },
    });
    const over = await admin("POST", "items", item("edge", 520_000));
    const { data } = over.json().details.applicationError;
    expect(data).toEqual({
      itemId: "edge",
      collectionId: C,
      bytes: expect.any(Number),
      limit: 512_000,
    });
    const overhead = data.bytes - 520_000;
    expect((await admin("POST", "items", item("edge", 512_000 - overhead + 1))).statusCode).toBe(
      413,
    );
    expect((await admin("POST", "items", item("edge", 512_000 - overhead))).statusCode).toBe(200);
  });
});

describe("update", () => {
  const replacement = { dataCollectionId: C, dataItem: { data: { _id: "a", itemData: "A2" } } };

  test("replaces the data, keeps _createdDate and bumps _updatedDate", async () => {
    t.clock.ms += 5000;
    const response = await admin("POST", "items/update", replacement);
    expect(response.statusCode).toBe(200);
    expect(response.json().dataItem.data).toEqual({
      _id: "a",
      _createdDate: iso(START_MS),
      _updatedDate: iso(START_MS + 5000),
      _ownerId: "owner-1",
      itemData: "A2",
    });
  });

  test("PUT /items/{id} is the same call, taking the id from the path", async () => {
    const response = await admin("PUT", "items/a", {
      dataCollectionId: C,
      dataItem: { data: { itemData: "put" } },
    });
    expect(response.json().dataItem.data).toMatchObject({ _id: "a", itemData: "put" });
  });

  test("PUT with a different id in the body is a 400", async () => {
    const response = await admin("PUT", "items/a", {
      dataCollectionId: C,
      dataItem: { data: { _id: "b" } },
    });
    expect(violatedFields(response)).toEqual(["dataItem.id"]);
  });

  test("without an id, with or without a condition, the refusal names dataItem.id", async () => {
    const withoutId = { dataCollectionId: C, dataItem: { data: { itemData: "no id" } } };
    const conditioned = { ...withoutId, condition: { filter: { itemData: "A" } } };
    for (const body of [withoutId, conditioned]) {
      const response = await admin("POST", "items/update", body);
      expect(response.statusCode).toBe(400);
      expect(violatedFields(response)).toEqual(["dataItem.id"]);
    }
  });

  test("a missing item is 404 WDE0073", async () => {
    const response = await admin("POST", "items/update", {
      dataCollectionId: C,
      dataItem: { data: { _id: "nope" } },
    });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe("WDE0073");
    expect(t.store.getItem(C, "nope")).toBeNull();
  });

  test("with a matching condition it writes", async () => {
    const response = await admin("POST", "items/update", {
      ...replacement,
      condition: { filter: { _updatedDate: { $eq: iso(START_MS) } } },
    });
    expect(response.statusCode).toBe(200);
  });

  test("with a condition the stored item fails: 409 WDE0080 with the stored item, unchanged", async () => {
    const response = await admin("POST", "items/update", {
      ...replacement,
      condition: { filter: { itemData: "stale" } },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().details.applicationError).toEqual({
      code: "WDE0080",
      description: "Item [a] in collection [Clients] does not match the write condition.",
      data: { itemId: "a", currentItem: t.store.getItem(C, "a")?.data },
    });
    expect(t.store.getItem(C, "a")?.data.itemData).toBe("A");
  });

  test("a malformed condition is a 400", async () => {
    const response = await admin("POST", "items/update", {
      ...replacement,
      condition: { filter: { n: { $nope: 1 } } },
    });
    expect(violatedFields(response)).toEqual(["condition.filter.n.$nope"]);
  });
});

describe("save", () => {
  test("inserts a new id with action INSERTED", async () => {
    const response = await admin("POST", "items/save", {
      dataCollectionId: C,
      dataItem: { data: { _id: "s", v: 1 } },
    });
    expect(response.json()).toMatchObject({ action: "INSERTED", dataItem: { id: "s" } });
  });

  test("updates an existing id with action UPDATED", async () => {
    const response = await admin("POST", "items/save", {
      dataCollectionId: C,
      dataItem: { data: { _id: "a", v: 2 } },
    });
    expect(response.json()).toMatchObject({ action: "UPDATED", dataItem: { data: { v: 2 } } });
    expect(t.store.getItem(C, "a")?.data).not.toHaveProperty("itemData");
  });

  test("with a condition, a missing item does not match", async () => {
    const response = await admin("POST", "items/save", {
      dataCollectionId: C,
      dataItem: { data: { _id: "new" } },
      condition: { filter: { _id: "new" } },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().details.applicationError.data.currentItem).toBeNull();
    expect(t.store.getItem(C, "new")).toBeNull();
  });
});

describe("patch", () => {
  const patch = (fieldModifications: unknown[], condition?: unknown) =>
    admin("POST", "items/patch", {
      dataCollectionId: C,
      patch: { dataItemId: "a", fieldModifications },
      ...(condition ? { condition } : {}),
    });

  test("applies every action in order", async () => {
    const response = await patch([
      { fieldPath: "n", action: "INCREMENT_FIELD", incrementFieldOptions: { value: 2 } },
      { fieldPath: "tags", action: "APPEND_TO_ARRAY", appendToArrayOptions: { value: "x" } },
      { fieldPath: "tags", action: "APPEND_TO_ARRAY", appendToArrayOptions: { value: "y" } },
      { fieldPath: "tags", action: "REMOVE_FROM_ARRAY", removeFromArrayOptions: { value: "x" } },
      { fieldPath: "nested.deep", action: "SET_FIELD", setFieldOptions: { value: { z: 1 } } },
      { fieldPath: "itemData", action: "REMOVE_FIELD" },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().dataItem.data).toMatchObject({
      n: 3,
      tags: ["y"],
      nested: { deep: { z: 1 } },
    });
    expect(response.json().dataItem.data).not.toHaveProperty("itemData");
  });

  test("a system field cannot be patched", async () => {
    const response = await patch([
      { fieldPath: "_id", action: "SET_FIELD", setFieldOptions: { value: "b" } },
    ]);
    expect(response.statusCode).toBe(400);
    expect(violatedFields(response)).toEqual(["patch.fieldModifications[0].fieldPath"]);
  });

  test("incrementing a string is a 400 and writes nothing", async () => {
    const response = await patch([
      { fieldPath: "n", action: "INCREMENT_FIELD", incrementFieldOptions: { value: 1 } },
      { fieldPath: "itemData", action: "INCREMENT_FIELD", incrementFieldOptions: { value: 1 } },
    ]);
    expect(response.statusCode).toBe(400);
    expect(t.store.getItem(C, "a")?.data.n).toBe(1);
  });

  test("honours the condition", async () => {
    const response = await patch(
      [{ fieldPath: "n", action: "SET_FIELD", setFieldOptions: { value: 9 } }],
      { filter: { n: 2 } },
    );
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe("WDE0080");
  });
});

describe("remove and truncate", () => {
  test("POST /items/remove answers the removed item", async () => {
    const stored = t.store.getItem(C, "a");
    const response = await admin("POST", "items/remove", { dataCollectionId: C, dataItemId: "a" });
    expect(response.json()).toEqual({
      dataItem: { id: "a", dataCollectionId: C, data: stored?.data },
    });
    expect(t.store.getItem(C, "a")).toBeNull();
  });

  test("DELETE /items/{id}?dataCollectionId= removes too", async () => {
    const response = await admin("DELETE", `items/a?dataCollectionId=${C}`);
    expect(response.statusCode).toBe(200);
    expect(t.store.getItem(C, "a")).toBeNull();
  });

  test("a missing item is 404 WDE0073", async () => {
    const response = await admin("POST", "items/remove", { dataCollectionId: C, dataItemId: "x" });
    expect(codeOf(response)).toBe("WDE0073");
  });

  test("a failing condition keeps the item", async () => {
    const response = await admin("POST", "items/remove", {
      dataCollectionId: C,
      dataItemId: "a",
      condition: { filter: { n: 5 } },
    });
    expect(response.statusCode).toBe(409);
    expect(t.store.getItem(C, "a")).not.toBeNull();
  });

  test("truncate empties the collection and answers {}", async () => {
    const response = await admin("POST", "items/truncate", { dataCollectionId: C });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(t.store.count(C, { type: "and", nodes: [] })).toBe(0);
  });
});

describe("access", () => {
  test.each([
    ["POST", "items", { dataCollectionId: C, dataItem: { data: { _id: "v" } } }],
    ["POST", "items/update", { dataCollectionId: C, dataItem: { data: { _id: "a" } } }],
    ["POST", "items/save", { dataCollectionId: C, dataItem: { data: { _id: "a" } } }],
    ["POST", "items/remove", { dataCollectionId: C, dataItemId: "a" }],
    ["POST", "items/truncate", { dataCollectionId: C }],
  ] as const)("a visitor token cannot %s %s: 403 WDE0027", async (method, url, payload) => {
    const visitor = caller(t, await t.token());
    const response = await visitor(method, url, payload);
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe("WDE0027");
    expect(t.store.getItem(C, "a")?.data.itemData).toBe("A");
  });

  test("an unknown collection is 404 WDE0025", async () => {
    const response = await admin("POST", "items", {
      dataCollectionId: "Nope",
      dataItem: { data: {} },
    });
    expect(codeOf(response)).toBe("WDE0025");
  });
});
