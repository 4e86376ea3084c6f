/**
 * What a caller reads in the writer's refusals and in the writes that need no id: the field, the
 * item and the collection named, so a client can show which of its items failed and why.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { caller, codeOf } from "../../main/test-kit/api.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";
import type { FilterNode } from "../../platform/query/types.ts";

let t: TestApp;
let admin: ReturnType<typeof caller>;

const C = "Clients";
const EVERY_ITEM: FilterNode = { type: "and", nodes: [] };
type Violation = { field: string; description: string; violatedRule: string };
const violations = (body: unknown) =>
  (body as { details: { validationError: { fieldViolations: Violation[] } } }).details
    .validationError.fieldViolations;

beforeEach(() => {
  t = createTestApp();
  admin = caller(t, t.apiKey);
  t.insert(C, [{ _id: "a", itemData: "A" }]);
});
afterEach(() => t.app.close());

describe("an update without an id", () => {
  test("is refused with 400 naming dataItem.id as required, and writes nothing", async () => {
    const before = t.store.count(C, EVERY_ITEM);
    const response = await admin("POST", "items/update", {
      dataCollectionId: C,
      dataItem: { data: { itemData: "no id" } },
    });
    expect(response.statusCode).toBe(400);
    expect(violations(response.json())).toEqual([
      expect.objectContaining({ field: "dataItem.id", violatedRule: "REQUIRED_FIELD" }),
    ]);
    expect(JSON.stringify(response.json())).toContain("must not be empty");
    expect(t.store.count(C, EVERY_ITEM)).toBe(before);
  });
});

describe("a write to a missing item", () => {
  test("update, patch and remove answer 404 naming the item and the collection", async () => {
    const calls = [
      admin("POST", "items/update", { dataCollectionId: C, dataItem: { id: "gone", data: {} } }),
      admin("POST", "items/update", {
        dataCollectionId: C,
        dataItem: { id: "gone", data: {} },
        condition: { filter: { itemData: "A" } },
      }),
      admin("POST", "items/patch", {
        dataCollectionId: C,
        patch: {
          dataItemId: "gone",
          fieldModifications: [
            { fieldPath: "itemData", action: "SET_FIELD", setFieldOptions: { value: "x" } },
          ],
        },
      }),
      admin("POST", "items/remove", { dataCollectionId: C, dataItemId: "gone" }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe("Item [gone] does not exist in collection [Clients].");
    }
  });
});

describe("save", () => {
  test("without an id inserts a new item under a generated id", async () => {
    const response = await admin("POST", "items/save", {
      dataCollectionId: C,
      dataItem: { data: { itemData: "fresh" } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().action).toBe("INSERTED");
    const id = response.json().dataItem.id as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(t.store.getItem(C, id)?.data.itemData).toBe("fresh");
  });

  test("with a condition the stored item fails: 409 naming that item, unchanged", async () => {
    const response = await admin("POST", "items/save", {
      dataCollectionId: C,
      dataItem: { id: "a", data: { itemData: "overwritten" } },
      condition: { filter: { itemData: "stale" } },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      "Item [a] in collection [Clients] does not match the write condition.",
    );
    expect(t.store.getItem(C, "a")?.data.itemData).toBe("A");
  });

  test("with a condition and no id matches no item: 409 naming no item, nothing inserted", async () => {
    const before = t.store.count(C, EVERY_ITEM);
    const response = await admin("POST", "items/save", {
      dataCollectionId: C,
      dataItem: { data: { itemData: "new" } },
      condition: { filter: { itemData: "A" } },
    });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe("WDE0080");
    expect(response.json().message).toBe(
      "Item [] in collection [Clients] does not match the write condition.",
    );
    expect(t.store.count(C, EVERY_ITEM)).toBe(before);
  });
});

test("an item in a collection made over the wire is stored without the site's own checks", async () => {
  const made = await admin("POST", "/wix-data/v2/collections", {
    collection: {
      id: "Leads",
      fields: [{ key: "title", type: "TEXT" }],
      permissions: { read: "ADMIN", insert: "ADMIN", update: "ADMIN", remove: "ADMIN" },
    },
  });
  expect(made.statusCode).toBe(200);
  const response = await admin("POST", "items", {
    dataCollectionId: "Leads",
    dataItem: { id: "l1", data: { title: "x", email: "not an e-mail" } },
  });
  expect(response.statusCode).toBe(200);
  expect(t.store.getItem("Leads", "l1")?.data.email).toBe("not an e-mail");
});

test("a page that holds exactly the last items says there is no next page", async () => {
  t.insert(C, [{ _id: "b", itemData: "B" }]);
  const response = await admin("POST", "items/query", {
    dataCollectionId: C,
    query: { paging: { limit: 2 } },
  });
  expect(response.json().dataItems).toHaveLength(2);
  expect(response.json().pagingMetadata).toMatchObject({ count: 2, hasNext: false });
});
