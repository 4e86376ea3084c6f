import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ContentClient,
  createContentClient,
  type DataItemInput,
} from "../packages/content-client/src/index.ts";
import { cannedWixApi } from "./harness/canned-wix-api.ts";
import { createSdkAdminClient } from "./harness/clients.ts";
import type { CapturedRequest } from "./harness/forward-fetch.ts";

// The same calls through the official SDK and through our client, answered with canned bodies:
// our requests must be the SDK's (method, path, query string and JSON body), call by call.
const KEY = "IST.wire-key";
let api: ReturnType<typeof cannedWixApi>;
let sdk: ReturnType<typeof createSdkAdminClient>;
let ours: ContentClient;

beforeAll(() => {
  api = cannedWixApi();
  sdk = createSdkAdminClient(KEY);
  ours = createContentClient({
    baseUrl: "https://www.wixapis.com",
    apiKey: KEY,
    fetch: api.ourFetch,
  });
});
afterAll(() => api.restore());

interface WireRequest {
  method: string;
  path: string;
  body: unknown;
  authorization: string | undefined;
}

function wire(request: CapturedRequest | undefined): WireRequest {
  if (request === undefined) throw new Error("no request was sent");
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname + url.search,
    body: request.body === undefined ? undefined : JSON.parse(request.body),
    authorization: request.headers.authorization,
  };
}

/** Runs both calls and returns the single request each one sent. */
async function sent(sdkCall: () => Promise<unknown>, ourCall: () => Promise<unknown>) {
  api.sdkRequests.length = 0;
  api.ourRequests.length = 0;
  await sdkCall();
  await ourCall();
  expect(api.sdkRequests).toHaveLength(1);
  expect(api.ourRequests).toHaveLength(1);
  return { sdkRequest: wire(api.sdkRequests[0]), ourRequest: wire(api.ourRequests[0]) };
}

async function expectSameRequest(sdkCall: () => Promise<unknown>, ourCall: () => Promise<unknown>) {
  const { sdkRequest, ourRequest } = await sent(sdkCall, ourCall);
  expect(ourRequest).toEqual(sdkRequest);
  return ourRequest;
}

const when = new Date("2024-05-05T00:00:00.000Z");
const reference = { referringItemFieldName: "refs", referringItemId: "a1", referencedItemId: "r1" };

describe("our client sends the official SDK's requests", () => {
  it("insert with an id", async () => {
    const request = await expectSameRequest(
      () => sdk.items.insert("HomePage", { _id: "a2", title_fld: "Z" }),
      () =>
        ours.items.insert({
          dataCollectionId: "HomePage",
          dataItem: { data: { _id: "a2", title_fld: "Z" } },
        }),
    );
    expect(request).toMatchObject({
      method: "POST",
      path: "/wix-data/v2/items",
      authorization: KEY,
    });
  });

  it("insert without an id, with a date", async () => {
    await expectSameRequest(
      () => sdk.items.insert("HomePage", { title_fld: "X", when }),
      () =>
        ours.items.insert({
          dataCollectionId: "HomePage",
          dataItem: { data: { title_fld: "X", when } },
        }),
    );
  });

  it("update", async () => {
    await expectSameRequest(
      () => sdk.items.update("HomePage", { _id: "a1", title_fld: "Y" }),
      () =>
        ours.items.update({
          dataCollectionId: "HomePage",
          dataItem: { data: { _id: "a1", title_fld: "Y" } },
        }),
    );
  });

  it("save", async () => {
    await expectSameRequest(
      () => sdk.items.save("HomePage", { _id: "a2", title_fld: "Z" }),
      () =>
        ours.items.save({
          dataCollectionId: "HomePage",
          dataItem: { data: { _id: "a2", title_fld: "Z" } },
        }),
    );
  });

  it("get", async () => {
    const request = await expectSameRequest(
      () => sdk.items.get("HomePage", "a1"),
      () => ours.items.get({ dataCollectionId: "HomePage", dataItemId: "a1" }),
    );
    expect(request).toMatchObject({ method: "GET", body: undefined });
  });

  it("get with consistentRead and fields", async () => {
    await expectSameRequest(
      () =>
        sdk.items.get("HomePage", "a1", { consistentRead: true, fields: ["title_fld", "data"] }),
      () =>
        ours.items.get({
          dataCollectionId: "HomePage",
          dataItemId: "a1",
          consistentRead: true,
          fields: ["title_fld", "data"],
        }),
    );
  });

  it("remove", async () => {
    await expectSameRequest(
      () => sdk.items.remove("HomePage", "a1"),
      () => ours.items.remove({ dataCollectionId: "HomePage", dataItemId: "a1" }),
    );
  });

  it("truncate", async () => {
    await expectSameRequest(
      () => sdk.items.truncate("HomePage"),
      () => ours.items.truncate({ dataCollectionId: "HomePage" }),
    );
  });

  it("count, unfiltered and filtered", async () => {
    await expectSameRequest(
      () => sdk.items.query("HomePage").count(),
      () => ours.items.count({ dataCollectionId: "HomePage" }),
    );
    await expectSameRequest(
      () => sdk.items.query("HomePage").eq("a", 1).count(),
      () => ours.items.count({ dataCollectionId: "HomePage", filter: { a: 1 } }),
    );
  });

  it("distinct", async () => {
    await expectSameRequest(
      () => sdk.items.query("HomePage").distinct("title_fld"),
      () =>
        ours.items.queryDistinctValues({ dataCollectionId: "HomePage", fieldName: "title_fld" }),
    );
  });

  it("aggregate", async () => {
    const { sdkRequest, ourRequest } = await sent(
      () => sdk.items.aggregate("HomePage").group("city").count().sum("n").run(),
      () =>
        ours.items.aggregate({
          dataCollectionId: "HomePage",
          aggregation: {
            groupingFields: ["city"],
            operations: [
              { resultFieldName: "count", itemCount: {} },
              { resultFieldName: "nSum", sum: { itemFieldName: "n" } },
            ],
          },
          sort: [],
        }),
    );
    expect(ourRequest).toEqual(sdkRequest);
  });

  it("bulk insert, update, save and remove", async () => {
    const dataItems: DataItemInput[] = [
      { data: { title_fld: "A" } },
      { data: { _id: "b2", title_fld: "B" } },
    ];
    const data = dataItems.map((item) => item.data);
    await expectSameRequest(
      () => sdk.items.bulkInsert("HomePage", data),
      () => ours.items.bulkInsert({ dataCollectionId: "HomePage", dataItems }),
    );
    await expectSameRequest(
      () => sdk.items.bulkUpdate("HomePage", [{ _id: "b2", title_fld: "B2" }]),
      () =>
        ours.items.bulkUpdate({
          dataCollectionId: "HomePage",
          dataItems: [{ data: { _id: "b2", title_fld: "B2" } }],
        }),
    );
    await expectSameRequest(
      () => sdk.items.bulkSave("HomePage", data),
      () => ours.items.bulkSave({ dataCollectionId: "HomePage", dataItems }),
    );
    await expectSameRequest(
      () => sdk.items.bulkRemove("HomePage", ["b2", "b3"]),
      () => ours.items.bulkRemove({ dataCollectionId: "HomePage", dataItemIds: ["b2", "b3"] }),
    );
  });

  it("isReferenced", async () => {
    await expectSameRequest(
      () => sdk.items.isReferenced("HomePage", "refs", "a1", "r1"),
      () => ours.items.isReferenced({ dataCollectionId: "HomePage", ...reference }),
    );
  });

  it("insertReference and removeReference (the SDK uses the bulk routes)", async () => {
    const second = { ...reference, referencedItemId: "r2" };
    await expectSameRequest(
      () => sdk.items.insertReference("HomePage", "refs", "a1", ["r1", "r2"]),
      () =>
        ours.items.bulkInsertReferences({
          dataCollectionId: "HomePage",
          dataItemReferences: [reference, second],
        }),
    );
    await expectSameRequest(
      () => sdk.items.removeReference("HomePage", "refs", "a1", "r1"),
      () =>
        ours.items.bulkRemoveReferences({
          dataCollectionId: "HomePage",
          dataItemReferences: [reference],
        }),
    );
  });

  it("replaceReferences", async () => {
    await expectSameRequest(
      () => sdk.items.replaceReferences("HomePage", "refs", "a1", ["r3"]),
      () =>
        ours.items.replaceReferences({
          dataCollectionId: "HomePage",
          referringItemFieldName: "refs",
          referringItemId: "a1",
          newReferencedItemIds: ["r3"],
        }),
    );
  });

  it("queryReferenced", async () => {
    await expectSameRequest(
      () => sdk.items.queryReferenced("HomePage", "a1", "refs"),
      () =>
        ours.items.queryReferenced({
          dataCollectionId: "HomePage",
          referringItemId: "a1",
          referringItemFieldName: "refs",
        }),
    );
  });
});

describe("graphql", () => {
  it("posts the same body to the same URL with the same credential", async () => {
    const query = "query ($c: String!) { items(collection: $c) { id } }";

    const request = await expectSameRequest(
      () => sdk.graphql(query, { c: "Clients" }),
      () => ours.graphql(query, { c: "Clients" }),
    );

    expect(request).toMatchObject({ method: "POST", path: "/graphql/alpha", authorization: KEY });
  });
});

describe("where our client deliberately differs", () => {
  it("query: the same payload, always as a POST body instead of the SDK's GET ?.r=", async () => {
    const { sdkRequest, ourRequest } = await sent(
      () =>
        sdk.items
          .query("HomePage")
          .eq("title_fld", "MainTitle")
          .ascending("title_fld")
          .limit(10)
          .find(),
      () =>
        ours.items.query({
          dataCollectionId: "HomePage",
          query: {
            filter: { title_fld: "MainTitle" },
            sort: [{ fieldName: "title_fld", order: "ASC" }],
            paging: { limit: 10 },
          },
        }),
    );
    const dotR = new URL(`https://x${sdkRequest.path}`).searchParams.get(".r") ?? "";
    const sdkPayload = JSON.parse(Buffer.from(dotR, "base64url").toString("utf8"));

    expect(sdkRequest.method).toBe("GET");
    expect(ourRequest).toMatchObject({ method: "POST", path: "/wix-data/v2/items/query" });
    // The SDK's builder also sends the empty defaults `fields: []` and `includeReferences: []`.
    expect({
      ...sdkPayload,
      includeReferences: undefined,
      query: { ...sdkPayload.query, fields: undefined },
    }).toEqual(JSON.parse(JSON.stringify({ ...(ourRequest.body as object) })));
  });
});
