/**
 * The Data Collections API over the wire: the owner's scripts (API key) create, read, update,
 * patch and delete collections; bad input, stale revisions, duplicates and the site's own
 * collections get clear 4xx errors and change nothing; visitors and members only read.
 */
import { COLLECTION_NAMES } from "@consultant/site-content";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { caller, codeOf, violatedFields } from "../../main/test-kit/api.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

let t: TestApp;
let admin: ReturnType<typeof caller>;
let visitor: ReturnType<typeof caller>;

const MEMBER_NOTES = {
  id: "Notes",
  displayName: "Notes",
  displayField: "title",
  fields: [
    { key: "title", type: "TEXT", displayName: "Title" },
    { key: "body", type: "RICH_TEXT" },
  ],
  permissions: {
    read: "SITE_MEMBER",
    insert: "SITE_MEMBER",
    update: "SITE_MEMBER_AUTHOR",
    remove: "SITE_MEMBER_AUTHOR",
  },
};

const inject = (method: "PATCH", url: string, authorization: string, payload: unknown) =>
  t.app.inject({
    method,
    url: `/wix-data/v2/${url}`,
    headers: { authorization },
    payload: payload as object,
  });

beforeEach(async () => {
  t = createTestApp();
  admin = caller(t, t.apiKey);
  visitor = caller(t, await t.token());
});
afterEach(() => t.app.close());

describe("create", () => {
  test("answers the collection with its fields, permissions, revision 1 and dates", async () => {
    const response = await admin("POST", "collections", { collection: MEMBER_NOTES });
    expect(response.statusCode).toBe(200);
    const { collection } = response.json();
    expect(collection).toMatchObject({
      id: "Notes",
      collectionType: "NATIVE",
      displayName: "Notes",
      displayField: "title",
      permissions: MEMBER_NOTES.permissions,
      revision: "1",
      createdDate: "2025-01-01T00:00:00.000Z",
      updatedDate: "2025-01-01T00:00:00.000Z",
    });
    expect(collection.fields.map((field: { key: string }) => field.key)).toEqual([
      "_id",
      "_createdDate",
      "_updatedDate",
      "_ownerId",
      "title",
      "body",
    ]);
  });

  test("is served under /v2/collections too, and items go into the new collection", async () => {
    expect((await admin("POST", "/v2/collections", { collection: MEMBER_NOTES })).statusCode).toBe(
      200,
    );
    const inserted = await admin("POST", "items", {
      dataCollectionId: "Notes",
      dataItem: { data: { title: "First" } },
    });
    expect(inserted.statusCode).toBe(200);
    const count = await admin("POST", "items/count", { dataCollectionId: "Notes" });
    expect(count.json()).toEqual({ totalCount: 1 });
  });

  test("of an id that exists answers 409 COLLECTION_ALREADY_EXISTS, a site collection's id too", async () => {
    await admin("POST", "collections", { collection: MEMBER_NOTES });
    const again = await admin("POST", "collections", {
      collection: { ...MEMBER_NOTES, displayName: "Other" },
    });
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe("COLLECTION_ALREADY_EXISTS");
    const site = await admin("POST", "collections", {
      collection: { ...MEMBER_NOTES, id: "Services" },
    });
    expect(codeOf(site)).toBe("COLLECTION_ALREADY_EXISTS");
    const stored = await admin("GET", "collections/Notes");
    expect(stored.json().collection.displayName).toBe("Notes");
  });

  test("sent 20 times at once with one id: exactly one wins, the others get 409", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        admin("POST", "collections", {
          collection: { ...MEMBER_NOTES, displayName: `Attempt ${i}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    const list = await admin("GET", "collections");
    expect(list.json().collections.filter((c: { id: string }) => c.id === "Notes")).toHaveLength(1);
  });

  test("refused to a visitor, nothing created", async () => {
    const response = await visitor("POST", "collections", { collection: MEMBER_NOTES });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe("WDE0027");
    expect((await admin("GET", "collections/Notes")).statusCode).toBe(404);
  });

  test("without credentials answers 401", async () => {
    const response = await caller(t, null)("POST", "collections", { collection: MEMBER_NOTES });
    expect(response.statusCode).toBe(401);
  });
});

describe("hostile or broken definitions are refused whole, naming every problem", () => {
  const refused = async (collection: unknown) => {
    const response = await admin("POST", "collections", { collection });
    expect(response.statusCode).toBe(400);
    expect((await admin("GET", "collections")).json().pagingMetadata.total).toBe(
      COLLECTION_NAMES.length,
    );
    return violatedFields(response);
  };

  test("bad ids", async () => {
    for (const id of ["", "1abc", "has space", "../etc", "a/b", "x".repeat(65), 42, null]) {
      expect(await refused({ ...MEMBER_NOTES, id })).toEqual(["collection.id"]);
    }
  });

  test("unknown roles and missing permissions", async () => {
    expect(
      await refused({
        ...MEMBER_NOTES,
        permissions: { ...MEMBER_NOTES.permissions, read: "OWNER" },
      }),
    ).toEqual(["collection.permissions.read"]);
    expect(
      await refused({ ...MEMBER_NOTES, permissions: { read: "ANYONE", insert: "ADMIN" } }),
    ).toEqual(["collection.permissions.update", "collection.permissions.remove"]);
    expect(await refused({ ...MEMBER_NOTES, permissions: undefined })).toEqual([
      "collection.permissions",
    ]);
  });

  test("bad fields: no fields, unknown types, bad or repeated keys, system keys", async () => {
    expect(await refused({ ...MEMBER_NOTES, fields: [], displayField: undefined })).toEqual([
      "collection.fields",
    ]);
    expect(
      await refused({
        ...MEMBER_NOTES,
        displayField: undefined,
        fields: [
          { key: "a", type: "STRING" },
          { key: "a b", type: "TEXT" },
          { key: "_id", type: "TEXT" },
          { key: "c", type: "TEXT" },
          { key: "c", type: "TEXT" },
          "not an object",
        ],
      }),
    ).toEqual([
      "collection.fields[0].type",
      "collection.fields[1].key",
      "collection.fields[2].key",
      "collection.fields[5]",
      "collection.fields[4].key",
    ]);
    expect(await refused({ ...MEMBER_NOTES, displayField: "missing" })).toEqual([
      "collection.displayField",
    ]);
  });

  test("a huge field list (10 000 fields) is refused with MAX_SIZE", async () => {
    const fields = Array.from({ length: 10_000 }, (_, i) => ({ key: `f${i}`, type: "TEXT" }));
    const response = await admin("POST", "collections", {
      collection: { ...MEMBER_NOTES, displayField: undefined, fields },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.validationError.fieldViolations[0]).toMatchObject({
      field: "collection.fields",
      violatedRule: "MAX_SIZE",
    });
  });

  test("a body without `collection`", async () => {
    const response = await admin("POST", "collections", { dataCollection: MEMBER_NOTES });
    expect(response.statusCode).toBe(400);
    expect(violatedFields(response)).toEqual(["collection"]);
  });
});

describe("get and list", () => {
  beforeEach(async () => {
    await admin("POST", "collections", { collection: MEMBER_NOTES });
  });

  test("list answers every collection by id with paging metadata", async () => {
    const response = await admin("GET", "collections?paging.limit=3&paging.offset=1");
    expect(response.statusCode).toBe(200);
    expect(response.json().collections.map((c: { id: string }) => c.id)).toEqual([
      "ClientResources",
      "Clients",
      "HomePage",
    ]);
    expect(response.json().pagingMetadata).toEqual({
      count: 3,
      offset: 1,
      total: COLLECTION_NAMES.length + 1,
      tooManyToCount: false,
    });
  });

  test("list refuses a bad limit", async () => {
    const response = await admin("GET", "collections?paging.limit=0");
    expect(response.statusCode).toBe(400);
    expect(violatedFields(response)).toEqual(["paging.limit"]);
  });

  test("a visitor reads what a page needs, without permissions or revision", async () => {
    const response = await visitor("GET", "collections/Notes?dataCollectionId=Notes");
    expect(response.statusCode).toBe(200);
    const { collection } = response.json();
    expect(Object.keys(collection).sort()).toEqual([
      "displayField",
      "displayName",
      "fields",
      "id",
      "plugins",
    ]);
    expect(collection.fields.at(-1)).toEqual({ key: "body", type: "RICH_TEXT" });
  });

  test("an unknown collection answers 404 WDE0025", async () => {
    const response = await admin("GET", "collections/Nope");
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toBe("WDE0025");
  });

  test("a site collection reads with its permissions and no collection operations", async () => {
    const { collection } = (await admin("GET", "collections/ClientResources")).json();
    expect(collection.permissions).toEqual({
      insert: "ADMIN",
      update: "ADMIN",
      remove: "ADMIN",
      read: "ADMIN",
    });
    expect(collection.capabilities.collectionOperations).toEqual([]);
  });
});

describe("update", () => {
  beforeEach(async () => {
    await admin("POST", "collections", { collection: MEMBER_NOTES });
  });

  test("at the stored revision replaces the definition and bumps the revision", async () => {
    t.clock.ms += 60_000;
    const response = await admin("PUT", "collections", {
      collection: {
        ...MEMBER_NOTES,
        revision: "1",
        fields: [{ key: "title", type: "TEXT" }],
        permissions: { ...MEMBER_NOTES.permissions, read: "ANYONE" },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().collection).toMatchObject({
      revision: "2",
      permissions: { read: "ANYONE" },
      createdDate: "2025-01-01T00:00:00.000Z",
      updatedDate: "2025-01-01T00:01:00.000Z",
    });
    const items = await visitor("POST", "items/query", { dataCollectionId: "Notes" });
    expect(items.statusCode).toBe(200);
  });

  test("takes back what get answered (system fields included)", async () => {
    const { collection } = (await admin("GET", "collections/Notes")).json();
    const response = await admin("PUT", "collections", {
      collection: { ...collection, displayName: "Renamed" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().collection.fields).toEqual(collection.fields);
  });

  test("at a stale revision answers 409 and changes nothing", async () => {
    await admin("PUT", "collections", { collection: { ...MEMBER_NOTES, revision: "1" } });
    const stale = await admin("PUT", "collections", {
      collection: { ...MEMBER_NOTES, displayName: "Lost", revision: "1" },
    });
    expect(stale.statusCode).toBe(409);
    expect(codeOf(stale)).toBe("COLLECTION_REVISION_MISMATCH");
    expect((await admin("GET", "collections/Notes")).json().collection.displayName).toBe("Notes");
  });

  test("without a revision answers 400", async () => {
    const response = await admin("PUT", "collections", { collection: MEMBER_NOTES });
    expect(response.statusCode).toBe(400);
    expect(violatedFields(response)).toEqual(["collection.revision"]);
  });

  test("of a site collection answers 403 COLLECTION_PROTECTED", async () => {
    const response = await admin("PUT", "collections", {
      collection: { ...MEMBER_NOTES, id: "HomePage", revision: "1" },
    });
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe("COLLECTION_PROTECTED");
  });

  test("by a visitor answers 403", async () => {
    const response = await visitor("PUT", "collections", {
      collection: { ...MEMBER_NOTES, revision: "1" },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("patch", () => {
  beforeEach(async () => {
    await admin("POST", "collections", { collection: MEMBER_NOTES });
  });

  test("changes permissions and names, keeps the fields", async () => {
    const response = await inject("PATCH", "collections/Notes", t.apiKey, {
      dataCollection: {
        id: "Notes",
        displayName: "Notes 2",
        permissions: { ...MEMBER_NOTES.permissions, insert: "ADMIN" },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().dataCollection).toMatchObject({
      displayName: "Notes 2",
      permissions: { insert: "ADMIN" },
      revision: "2",
    });
    expect(response.json().dataCollection.fields).toHaveLength(6);
  });

  test("refuses properties it cannot change", async () => {
    const response = await inject("PATCH", "collections/Notes", t.apiKey, {
      dataCollection: { fields: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(violatedFields(response)).toEqual(["dataCollection.fields"]);
  });

  test("of a site collection answers 403 COLLECTION_PROTECTED", async () => {
    const response = await inject("PATCH", "collections/Services", t.apiKey, {
      dataCollection: { permissions: { ...MEMBER_NOTES.permissions } },
    });
    expect(codeOf(response)).toBe("COLLECTION_PROTECTED");
  });
});

describe("delete", () => {
  test("removes the collection and its items", async () => {
    await admin("POST", "collections", { collection: MEMBER_NOTES });
    await admin("POST", "items", { dataCollectionId: "Notes", dataItem: { data: { title: "x" } } });
    const response = await admin("DELETE", "collections/Notes?dataCollectionId=Notes");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    const query = await admin("POST", "items/query", { dataCollectionId: "Notes" });
    expect(codeOf(query)).toBe("WDE0025");
    const recreated = await admin("POST", "collections", { collection: MEMBER_NOTES });
    expect(recreated.statusCode).toBe(200);
    expect((await admin("POST", "items/count", { dataCollectionId: "Notes" })).json()).toEqual({
      totalCount: 0,
    });
  });

  test("of a site collection answers 403 COLLECTION_PROTECTED and keeps its items", async () => {
    const response = await admin("DELETE", "collections/Services");
    expect(response.statusCode).toBe(403);
    expect(codeOf(response)).toBe("COLLECTION_PROTECTED");
    expect(t.store.hasCollection("Services")).toBe(true);
  });

  test("by a visitor answers 403, of an unknown collection 404", async () => {
    await admin("POST", "collections", { collection: MEMBER_NOTES });
    expect((await visitor("DELETE", "collections/Notes")).statusCode).toBe(403);
    expect((await admin("DELETE", "collections/Nope")).statusCode).toBe(404);
  });
});
