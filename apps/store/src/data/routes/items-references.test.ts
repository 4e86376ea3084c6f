import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { caller, codeOf, violatedFields } from "../../main/test-kit/api.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

let t: TestApp;
let admin: ReturnType<typeof caller>;

const S = "Services";
const ref = (referencedItemId: string, referringItemId = "s1") => ({
  referringItemFieldName: "clients",
  referringItemId,
  referencedItemId,
});

beforeEach(() => {
  t = createTestApp();
  admin = caller(t, t.apiKey);
  t.insert(S, [{ _id: "s1" }, { _id: "s2" }]);
  t.insert("Clients", [
    { _id: "c1", itemData: "One" },
    { _id: "c2", itemData: "Two" },
    { _id: "c3", itemData: "Three" },
  ]);
});
afterEach(() => t.app.close());

async function referenced(extra: Record<string, unknown> = {}) {
  const response = await admin("POST", "items/query-referenced", {
    dataCollectionId: S,
    referringItemId: "s1",
    referringItemFieldName: "clients",
    ...extra,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const isReferenced = async (id: string) =>
  (await admin("POST", "items/is-referenced", { dataCollectionId: S, ...ref(id) })).json()
    .isReferenced;

describe("references", () => {
  test("bulk insert-references then query-referenced resolves into the field's collection", async () => {
    const inserted = await admin("POST", "bulk/items/insert-references", {
      dataCollectionId: S,
      dataItemReferences: [ref("c2"), ref("c1")],
      returnEntity: true,
    });
    expect(inserted.json()).toEqual({
      results: [
        {
          action: "INSERT",
          referenceMetadata: { originalIndex: 0, success: true },
          dataItemReference: ref("c2"),
        },
        {
          action: "INSERT",
          referenceMetadata: { originalIndex: 1, success: true },
          dataItemReference: ref("c1"),
        },
      ],
      bulkActionMetadata: { totalSuccesses: 2, totalFailures: 0 },
    });
    const body = await referenced();
    expect(
      body.results.map((r: { dataItem: { id: string; dataCollectionId: string } }) => [
        r.dataItem.id,
        r.dataItem.dataCollectionId,
      ]),
    ).toEqual([
      ["c2", "Clients"],
      ["c1", "Clients"],
    ]);
    expect(body.pagingMetadata).toMatchObject({ count: 2, hasNext: false });
  });

  test("is-referenced answers true and false", async () => {
    await admin("POST", "items/insert-reference", {
      dataCollectionId: S,
      dataItemReference: ref("c1"),
    });
    expect(await isReferenced("c1")).toBe(true);
    expect(await isReferenced("c2")).toBe(false);
  });

  test("the single insert/remove-reference routes answer the reference", async () => {
    const inserted = await admin("POST", "items/insert-reference", {
      dataCollectionId: S,
      dataItemReference: ref("c3"),
    });
    expect(inserted.json()).toEqual({ dataItemReference: ref("c3") });
    const removed = await admin("POST", "items/remove-reference", {
      dataCollectionId: S,
      dataItemReference: ref("c3"),
    });
    expect(removed.json()).toEqual({ dataItemReference: ref("c3") });
    expect(await isReferenced("c3")).toBe(false);
  });

  test("inserting the same reference twice keeps one", async () => {
    for (let i = 0; i < 2; i++) {
      await admin("POST", "items/insert-reference", {
        dataCollectionId: S,
        dataItemReference: ref("c1"),
      });
    }
    expect((await referenced()).results).toHaveLength(1);
  });

  test("replace-references leaves exactly the new ones, in order", async () => {
    await admin("POST", "items/insert-reference", {
      dataCollectionId: S,
      dataItemReference: ref("c1"),
    });
    const response = await admin("POST", "items/replace-references", {
      dataCollectionId: S,
      referringItemFieldName: "clients",
      referringItemId: "s1",
      newReferencedItemIds: ["c3", "c2"],
    });
    expect(response.json()).toEqual({ dataItemReferences: [ref("c3"), ref("c2")] });
    expect(
      (await referenced()).results.map((r: { dataItem: { id: string } }) => r.dataItem.id),
    ).toEqual(["c3", "c2"]);
  });

  test("order DESC, paging and a cursor", async () => {
    await admin("POST", "bulk/items/insert-references", {
      dataCollectionId: S,
      dataItemReferences: [ref("c1"), ref("c2"), ref("c3")],
    });
    const first = await referenced({ order: "DESC", cursorPaging: { limit: 2 } });
    expect(first.results.map((r: { dataItem: { id: string } }) => r.dataItem.id)).toEqual([
      "c3",
      "c2",
    ]);
    const second = await admin("POST", "items/query-referenced", {
      dataCollectionId: S,
      cursorPaging: { cursor: first.pagingMetadata.cursors.next },
    });
    expect(second.json().results.map((r: { dataItem: { id: string } }) => r.dataItem.id)).toEqual([
      "c1",
    ]);
  });

  test("a reference to a missing item is reported as unresolved", async () => {
    await admin("POST", "items/insert-reference", {
      dataCollectionId: S,
      dataItemReference: ref("gone"),
    });
    expect((await referenced()).results).toEqual([
      {
        referringItemId: "s1",
        unresolvedReference: {
          referringItemId: "s1",
          referringItemFieldName: "clients",
          referencedItemId: "gone",
          unauthorized: false,
        },
      },
    ]);
  });

  test("the referring item must exist: 404 WDE0073", async () => {
    const response = await admin("POST", "items/insert-reference", {
      dataCollectionId: S,
      dataItemReference: ref("c1", "nope"),
    });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe("WDE0073");
  });

  test("removing the referring item removes its references", async () => {
    await admin("POST", "items/insert-reference", {
      dataCollectionId: S,
      dataItemReference: ref("c1"),
    });
    await admin("POST", "items/remove", { dataCollectionId: S, dataItemId: "s1" });
    t.insert(S, [{ _id: "s1" }]);
    expect(await isReferenced("c1")).toBe(false);
  });

  test("a visitor reads references but cannot change them", async () => {
    await admin("POST", "items/insert-reference", {
      dataCollectionId: S,
      dataItemReference: ref("c1"),
    });
    const visitor = caller(t, await t.token());
    const read = await visitor("POST", "items/is-referenced", {
      dataCollectionId: S,
      ...ref("c1"),
    });
    expect(read.json()).toEqual({ isReferenced: true });
    const write = await visitor("POST", "items/insert-reference", {
      dataCollectionId: S,
      dataItemReference: ref("c2"),
    });
    expect(codeOf(write)).toBe("WDE0027");
  });

  test("a reference without its fields is a 400 naming each", async () => {
    const response = await admin("POST", "items/insert-reference", {
      dataCollectionId: S,
      dataItemReference: {},
    });
    expect(violatedFields(response)).toEqual([
      "dataItemReference.referringItemFieldName",
      "dataItemReference.referringItemId",
      "dataItemReference.referencedItemId",
    ]);
  });

  test("query and get with includeReferences fill the field with the referenced items", async () => {
    await admin("POST", "bulk/items/insert-references", {
      dataCollectionId: S,
      dataItemReferences: [ref("c2"), ref("gone"), ref("c1")],
    });
    const query = await admin("POST", "items/query", {
      dataCollectionId: S,
      query: { filter: { _id: "s1" } },
      includeReferences: [{ field: "clients", limit: 5 }],
    });
    expect(
      query.json().dataItems[0].data.clients.map((c: { itemData: string }) => c.itemData),
    ).toEqual(["Two", "One"]);
    const r = Buffer.from(
      JSON.stringify({ dataCollectionId: S, includeReferences: [{ field: "clients", limit: 1 }] }),
    ).toString("base64url");
    const get = await admin("GET", `items/s1?.r=${r}`);
    expect(get.json().dataItem.data.clients).toEqual([
      expect.objectContaining({ _id: "c2", itemData: "Two" }),
    ]);
    const plain = await admin("GET", `items/s1?dataCollectionId=${S}`);
    expect(plain.json().dataItem.data).not.toHaveProperty("clients");
  });
});
