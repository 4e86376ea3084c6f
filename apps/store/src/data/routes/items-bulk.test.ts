import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { caller, codeOf, violatedFields } from "../../main/test-kit/api.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

let t: TestApp;
let admin: ReturnType<typeof caller>;
const C = "Clients";

beforeEach(() => {
  t = createTestApp();
  admin = caller(t, t.apiKey);
  t.insert(C, [
    { _id: "a", v: 1 },
    { _id: "b", v: 2 },
  ]);
});
afterEach(() => t.app.close());

const ids = () =>
  t.store
    .query({
      collectionId: C,
      filter: { type: "and", nodes: [] },
      sort: [],
      offset: 0,
      limit: null,
    })
    .map((item) => item.id);

describe("bulk insert", () => {
  test("inserts each item and reports duplicates per item", async () => {
    const response = await admin("POST", "bulk/items/insert", {
      dataCollectionId: C,
      dataItems: [{ data: { _id: "c" } }, { data: { _id: "a" } }, { id: "d", data: {} }],
      returnEntity: true,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.bulkActionMetadata).toEqual({ totalSuccesses: 2, totalFailures: 1 });
    expect(body.results[0]).toMatchObject({
      action: "INSERT",
      itemMetadata: { id: "c", originalIndex: 0, success: true },
      dataItem: { id: "c", data: { _id: "c" } },
    });
    expect(body.results[1]).toEqual({
      action: "INSERT",
      itemMetadata: {
        id: "a",
        originalIndex: 1,
        success: false,
        error: {
          code: "WDE0074",
          description: "Item [a] already exists in collection [Clients].",
          data: {},
        },
      },
    });
    expect(ids()).toEqual(["a", "b", "c", "d"]);
  });

  test("without returnEntity the results carry no dataItem", async () => {
    const response = await admin("POST", "bulk/items/insert", {
      dataCollectionId: C,
      dataItems: [{ data: { _id: "c" } }],
    });
    expect(response.json().results[0]).not.toHaveProperty("dataItem");
  });

  test("one malformed item refuses the whole request and writes nothing", async () => {
    const response = await admin("POST", "bulk/items/insert", {
      dataCollectionId: C,
      dataItems: [{ data: { _id: "c" } }, { data: "text" }],
    });
    expect(response.statusCode).toBe(400);
    expect(violatedFields(response)).toEqual(["dataItems[1].data"]);
    expect(ids()).toEqual(["a", "b"]);
  });

  test("more than 1000 items is a 400", async () => {
    const response = await admin("POST", "bulk/items/insert", {
      dataCollectionId: C,
      dataItems: Array.from({ length: 1001 }, () => ({ data: {} })),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: "dataItems",
      violatedRule: "MAX_SIZE",
    });
  });

  test("exactly 1000 items are inserted", async () => {
    const response = await admin("POST", "bulk/items/insert", {
      dataCollectionId: C,
      dataItems: Array.from({ length: 1000 }, (_, i) => ({ data: { _id: `n${i}` } })),
    });
    expect(response.json().bulkActionMetadata).toEqual({ totalSuccesses: 1000, totalFailures: 0 });
  });
});

describe("bulk update, save, remove and patch", () => {
  test("update reports a missing id as WDE0073 and updates the others", async () => {
    const response = await admin("POST", "bulk/items/update", {
      dataCollectionId: C,
      dataItems: [{ data: { _id: "a", v: 10 } }, { data: { _id: "zz" } }],
    });
    expect(response.json().results.map((r: { action: string }) => r.action)).toEqual([
      "UPDATE",
      "UPDATE",
    ]);
    expect(response.json().results[1].itemMetadata.error.code).toBe("WDE0073");
    expect(t.store.getItem(C, "a")?.data.v).toBe(10);
  });

  test("update needs an id on every item", async () => {
    const response = await admin("POST", "bulk/items/update", {
      dataCollectionId: C,
      dataItems: [{ data: { v: 1 } }],
    });
    expect(violatedFields(response)).toEqual(["dataItems[0].id"]);
  });

  test("save reports INSERT or UPDATE per item", async () => {
    const response = await admin("POST", "bulk/items/save", {
      dataCollectionId: C,
      dataItems: [{ data: { _id: "b", v: 20 } }, { data: { _id: "new" } }],
    });
    expect(response.json().results.map((r: { action: string }) => r.action)).toEqual([
      "UPDATE",
      "INSERT",
    ]);
  });

  test("remove reports DELETE and a missing id per item", async () => {
    const response = await admin("POST", "bulk/items/remove", {
      dataCollectionId: C,
      dataItemIds: ["a", "gone"],
    });
    expect(response.json()).toMatchObject({
      results: [
        { action: "DELETE", itemMetadata: { id: "a", success: true } },
        {
          action: "DELETE",
          itemMetadata: { id: "gone", success: false, error: { code: "WDE0073" } },
        },
      ],
      bulkActionMetadata: { totalSuccesses: 1, totalFailures: 1 },
    });
    expect(ids()).toEqual(["b"]);
  });

  test("patch applies per item; a type error is that item's failure only", async () => {
    const increment = {
      fieldPath: "v",
      action: "INCREMENT_FIELD",
      incrementFieldOptions: { value: 1 },
    };
    t.insert(C, [{ _id: "s", v: "text" }]);
    const response = await admin("POST", "bulk/items/patch", {
      dataCollectionId: C,
      patches: [
        { dataItemId: "a", fieldModifications: [increment] },
        { dataItemId: "s", fieldModifications: [increment] },
      ],
    });
    expect(response.json().results[0]).toMatchObject({
      action: "PATCH",
      itemMetadata: { success: true },
    });
    expect(response.json().results[1].itemMetadata.error).toMatchObject({
      code: "VALIDATION_FAILED",
      data: { fieldViolations: [expect.objectContaining({ violatedRule: "OTHER" })] },
    });
    expect(t.store.getItem(C, "a")?.data.v).toBe(2);
  });

  test("a visitor cannot run a bulk write", async () => {
    const visitor = caller(t, await t.token());
    const response = await visitor("POST", "bulk/items/remove", {
      dataCollectionId: C,
      dataItemIds: ["a"],
    });
    expect(codeOf(response)).toBe("WDE0027");
    expect(ids()).toEqual(["a", "b"]);
  });
});
