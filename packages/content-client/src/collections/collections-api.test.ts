import { describe, expect, it } from "vitest";
import { createContentClient } from "../client.ts";
import { HttpError } from "../errors.ts";
import { createFakeFetch, jsonResponse } from "../test-helpers/fake-fetch.ts";
import { createCollectionsApi } from "./collections-api.ts";

const BASE_URL = "https://www.wixapis.com";
const WIRE = {
  id: "Notes",
  displayName: "Notes",
  fields: [{ key: "title", type: "TEXT", systemField: false }],
  permissions: {
    insert: "SITE_MEMBER",
    update: "SITE_MEMBER_AUTHOR",
    remove: "SITE_MEMBER_AUTHOR",
    read: "ANYONE",
  },
  revision: "1",
  createdDate: "2025-01-01T00:00:00.000Z",
  updatedDate: "2025-01-02T00:00:00.000Z",
} as const;
const PERMISSIONS = WIRE.permissions;

function setup(answer: (url: string) => Response = () => jsonResponse({ collection: WIRE })) {
  const fake = createFakeFetch((request) => answer(request.url));
  const client = createContentClient({ baseUrl: BASE_URL, apiKey: "key-1", fetch: fake.fetch });
  return { collections: createCollectionsApi(client), requests: fake.requests };
}

describe("createDataCollection", () => {
  it("posts { collection } with the wire's id to /wix-data/v2/collections with the API key", async () => {
    const { collections, requests } = setup();

    await collections.createDataCollection({
      _id: "Notes",
      fields: [{ key: "title", type: "TEXT" }],
      permissions: PERMISSIONS,
    });

    expect(requests[0]).toMatchObject({
      method: "POST",
      url: `${BASE_URL}/wix-data/v2/collections`,
      headers: { authorization: "key-1", "content-type": "application/json" },
      body: {
        collection: {
          id: "Notes",
          fields: [{ key: "title", type: "TEXT" }],
          permissions: PERMISSIONS,
        },
      },
    });
  });

  it("resolves with the collection as the SDK gives it: _id, and dates as Date", async () => {
    const { collections } = setup();

    const created = await collections.createDataCollection({
      _id: "Notes",
      fields: [],
      permissions: PERMISSIONS,
    });

    expect(created._id).toBe("Notes");
    expect(created._createdDate).toEqual(new Date("2025-01-01T00:00:00.000Z"));
    expect(created._updatedDate).toEqual(new Date("2025-01-02T00:00:00.000Z"));
    expect(created.revision).toBe("1");
  });

  it("throws HttpError with the store's code on 409", async () => {
    const { collections } = setup(() =>
      jsonResponse(
        {
          message: "Collection [Notes] already exists",
          details: {
            applicationError: {
              code: "COLLECTION_ALREADY_EXISTS",
              description: "Collection [Notes] already exists",
              data: {},
            },
          },
        },
        { status: 409 },
      ),
    );

    const error = await collections
      .createDataCollection({ _id: "Notes", fields: [], permissions: PERMISSIONS })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 409, code: "COLLECTION_ALREADY_EXISTS" });
  });
});

describe("the other calls", () => {
  it("get sends GET /collections/{id}?dataCollectionId=, as the SDK does", async () => {
    const { collections, requests } = setup();

    await collections.getDataCollection("Notes");

    expect(requests[0]).toMatchObject({
      method: "GET",
      url: `${BASE_URL}/wix-data/v2/collections/Notes?dataCollectionId=Notes`,
    });
  });

  it("list sends paging and sort as flat dotted parameters and renames every collection's id", async () => {
    const { collections, requests } = setup(() =>
      jsonResponse({
        collections: [WIRE],
        pagingMetadata: { count: 1, offset: 1, total: 2, tooManyToCount: false },
      }),
    );

    const list = await collections.listDataCollections({
      paging: { limit: 1, offset: 1 },
      sort: { order: "DESC" },
    });

    expect(requests[0]?.url).toBe(
      `${BASE_URL}/wix-data/v2/collections?paging.limit=1&paging.offset=1&sort.order=DESC`,
    );
    expect(list.collections[0]?._id).toBe("Notes");
    expect(list.collections[0]?._createdDate).toBeInstanceOf(Date);
    expect(list.pagingMetadata.total).toBe(2);
  });

  it("update PUTs { collection } with its revision", async () => {
    const { collections, requests } = setup();

    await collections.updateDataCollection({
      _id: "Notes",
      revision: "1",
      fields: [],
      permissions: PERMISSIONS,
    });

    expect(requests[0]).toMatchObject({
      method: "PUT",
      url: `${BASE_URL}/wix-data/v2/collections`,
      body: { collection: { id: "Notes", revision: "1" } },
    });
  });

  it("patch PATCHes { dataCollection } with the id and resolves with { dataCollection }", async () => {
    const { collections, requests } = setup(() => jsonResponse({ dataCollection: WIRE }));

    const answer = await collections.patchDataCollection("Notes", { displayName: "N" });

    expect(requests[0]).toMatchObject({
      method: "PATCH",
      url: `${BASE_URL}/wix-data/v2/collections/Notes`,
      body: { dataCollection: { displayName: "N", id: "Notes" } },
    });
    expect(answer.dataCollection._id).toBe("Notes");
  });

  it("delete sends DELETE /collections/{id}?dataCollectionId= and resolves with nothing", async () => {
    const { collections, requests } = setup(() => jsonResponse({}));

    await expect(collections.deleteDataCollection("Notes")).resolves.toBeUndefined();

    expect(requests[0]).toMatchObject({
      method: "DELETE",
      url: `${BASE_URL}/wix-data/v2/collections/Notes?dataCollectionId=Notes`,
    });
  });
});
