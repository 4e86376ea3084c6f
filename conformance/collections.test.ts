import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCollectionsApi } from "../packages/content-client/src/collections/index.ts";
import { isHttpError } from "../packages/content-client/src/index.ts";
import { createOurVisitorClient } from "./harness/clients.ts";
import {
  createOurCollectionsAdmin,
  createSdkCollectionsAdmin,
  createSdkCollectionsVisitor,
  ourMemberOf,
  sdkMemberOf,
} from "./harness/collection-clients.ts";
import { failure, type SdkError } from "./harness/failure.ts";
import { type CapturedRequest, forwardWixApis } from "./harness/forward-fetch.ts";
import { type RunningStore, START_MS, startStore } from "./harness/store-server.ts";

// The official SDK's `collections` module and our client against one real store: the SDK's
// requests are the wire fixture (collections.wire.json, `CAPTURE_WIRE=1` rewrites it), and a
// collection with member permissions behaves alike for both clients' members, visitors and admins.
const FIXTURE = new URL("./collections.wire.json", import.meta.url);
const MEMBER_PERMISSIONS = {
  read: "SITE_MEMBER",
  insert: "SITE_MEMBER",
  update: "SITE_MEMBER_AUTHOR",
  remove: "SITE_MEMBER_AUTHOR",
} as const;
const definition = (id: string) => ({
  _id: id,
  displayName: "Member notes",
  displayField: "title",
  fields: [
    { key: "title", type: "TEXT" as const, displayName: "Title" },
    { key: "done", type: "BOOLEAN" as const },
  ],
  permissions: MEMBER_PERMISSIONS,
});

let store: RunningStore;
let forward: ReturnType<typeof forwardWixApis>;
let sdkAdmin: ReturnType<typeof createSdkCollectionsAdmin>;
let ourAdmin: ReturnType<typeof createOurCollectionsAdmin>;

beforeAll(async () => {
  store = await startStore({ ms: START_MS });
  forward = forwardWixApis(() => store.url);
  sdkAdmin = createSdkCollectionsAdmin(store.apiKey);
  ourAdmin = createOurCollectionsAdmin(store.url, store.apiKey, forward.realFetch);
});
afterAll(async () => {
  forward?.restore();
  await store?.close();
});

/** What a wire fixture keeps of a request: method, path with query, JSON body. */
function onWire(request: CapturedRequest) {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname + url.search,
    ...(request.body === undefined ? {} : { body: JSON.parse(request.body) as unknown }),
  };
}

/** The answer without what differs between two collections made a moment apart. */
type Answered = { _id?: string | null; _createdDate?: Date | null; _updatedDate?: Date | null };
function shape(collection: Answered | undefined) {
  const { _id, _createdDate, _updatedDate, ...rest } = collection ?? {};
  return { ...rest, dates: [_createdDate instanceof Date, _updatedDate instanceof Date] };
}

describe("the SDK's collection calls on the wire", () => {
  it("are the requests of collections.wire.json, and the store answers each with 200", async () => {
    const start = forward.captured.length;
    const created = await sdkAdmin.collections.createDataCollection(definition("WireNotes"));
    const got = await sdkAdmin.collections.getDataCollection("WireNotes");
    const listed = await sdkAdmin.collections.listDataCollections({
      paging: { limit: 2, offset: 1 },
    });
    const updated = await sdkAdmin.collections.updateDataCollection({
      ...got,
      displayName: "Wire notes",
      revision: got.revision ?? "",
    });
    const patched = await sdkAdmin.collections.patchDataCollection("WireNotes", {
      permissions: { ...MEMBER_PERMISSIONS, read: "ANYONE" },
    });
    await sdkAdmin.collections.deleteDataCollection("WireNotes");
    const requests = forward.captured.slice(start).map(onWire);
    const answers = {
      create: Object.keys(created).sort(),
      list: Object.keys(listed).sort(),
      patch: Object.keys(patched).sort(),
    };
    const captured = { requests, answers };
    if (process.env.CAPTURE_WIRE === "1") {
      writeFileSync(FIXTURE, `${JSON.stringify(captured, null, 2)}\n`);
    }

    expect(captured).toEqual(JSON.parse(readFileSync(FIXTURE, "utf8")));
    expect(created).toMatchObject({
      _id: "WireNotes",
      revision: "1",
      permissions: MEMBER_PERMISSIONS,
    });
    expect(created._createdDate).toBeInstanceOf(Date);
    expect(updated.revision).toBe("2");
    expect(listed.collections).toHaveLength(2);
    expect(listed.pagingMetadata).toMatchObject({ offset: 1, count: 2 });
  });
});

describe("the same calls through both clients give the same results", () => {
  it("create, get, list, update, patch and delete", async () => {
    const sdkCreated = await sdkAdmin.collections.createDataCollection(definition("SdkTwin"));
    const ourCreated = await ourAdmin.collections.createDataCollection(definition("OurTwin"));
    expect(shape(ourCreated)).toEqual(shape(sdkCreated));

    const sdkGot = await sdkAdmin.collections.getDataCollection("SdkTwin");
    const ourGot = await ourAdmin.collections.getDataCollection("OurTwin");
    expect(shape(ourGot)).toEqual(shape(sdkGot));

    const sdkList = await sdkAdmin.collections.listDataCollections();
    const ourList = await ourAdmin.collections.listDataCollections();
    expect(ourList.collections.map((c) => c._id)).toEqual(
      (sdkList.collections ?? []).map((c) => c._id),
    );
    expect(ourList.pagingMetadata).toEqual(sdkList.pagingMetadata);

    const sdkUpdated = await sdkAdmin.collections.updateDataCollection({
      ...sdkGot,
      displayName: "Renamed",
      revision: sdkGot.revision ?? "",
    });
    const ourUpdated = await ourAdmin.collections.updateDataCollection({
      ...ourGot,
      displayName: "Renamed",
    });
    expect(shape(ourUpdated)).toEqual(shape(sdkUpdated));

    const sdkPatched = await sdkAdmin.collections.patchDataCollection("SdkTwin", {
      displayName: "P",
    });
    const ourPatched = await ourAdmin.collections.patchDataCollection("OurTwin", {
      displayName: "P",
    });
    expect(shape(ourPatched.dataCollection)).toEqual(shape(sdkPatched.dataCollection));

    await sdkAdmin.collections.deleteDataCollection("SdkTwin");
    await ourAdmin.collections.deleteDataCollection("OurTwin");
    const sdkGone = await failure<SdkError>(sdkAdmin.collections.getDataCollection("SdkTwin"));
    const ourGone = await failure(ourAdmin.collections.getDataCollection("OurTwin"));
    expect(sdkGone.details?.applicationError?.code).toBe("WDE0025");
    expect(isHttpError(ourGone) && ourGone.code).toBe("WDE0025");
  });

  it("refusals: a stale revision, a duplicate id, a site collection", async () => {
    await sdkAdmin.collections.createDataCollection(definition("Refusals"));
    const stale = { ...definition("Refusals"), revision: "7" };
    const sdkStale = await failure<SdkError>(sdkAdmin.collections.updateDataCollection(stale));
    const ourStale = await failure(ourAdmin.collections.updateDataCollection(stale));
    expect(sdkStale.details?.applicationError?.code).toBe("COLLECTION_REVISION_MISMATCH");
    expect(isHttpError(ourStale) && [ourStale.status, ourStale.code]).toEqual([
      409,
      "COLLECTION_REVISION_MISMATCH",
    ]);

    const sdkDuplicate = await failure<SdkError>(
      sdkAdmin.collections.createDataCollection(definition("Refusals")),
    );
    const ourDuplicate = await failure(
      ourAdmin.collections.createDataCollection(definition("Refusals")),
    );
    expect(sdkDuplicate.details?.applicationError?.code).toBe("COLLECTION_ALREADY_EXISTS");
    expect(isHttpError(ourDuplicate) && ourDuplicate.status).toBe(409);

    const sdkSite = await failure<SdkError>(sdkAdmin.collections.deleteDataCollection("HomePage"));
    const ourSite = await failure(ourAdmin.collections.deleteDataCollection("HomePage"));
    expect(sdkSite.details?.applicationError?.code).toBe("COLLECTION_PROTECTED");
    expect(isHttpError(ourSite) && [ourSite.status, ourSite.code]).toEqual([
      403,
      "COLLECTION_PROTECTED",
    ]);
  });
});

describe("a collection with member permissions", () => {
  it("lets a member insert and edit their own items, not another's; visitors are refused; an admin reads all", async () => {
    await sdkAdmin.collections.createDataCollection(definition("MemberNotes"));

    // Through the official SDK.
    const ada = await sdkMemberOf("ada@example.com", store.apiKey);
    const bob = await sdkMemberOf("bob@example.com", store.apiKey);
    const adaNote = await ada.items.insert("MemberNotes", { _id: "sdk-ada", title: "Ada's" });
    await bob.items.insert("MemberNotes", { _id: "sdk-bob", title: "Bob's" });
    const edited = await ada.items.update("MemberNotes", { ...adaNote, title: "Ada's, edited" });
    expect(edited.title).toBe("Ada's, edited");
    const sdkRefused = await failure<SdkError>(
      ada.items.update("MemberNotes", { _id: "sdk-bob", title: "Ada was here" }),
    );
    expect(sdkRefused.details?.applicationError?.code).toBe("WDE0027");
    const sdkRemoveRefused = await failure<SdkError>(ada.items.remove("MemberNotes", "sdk-bob"));
    expect(sdkRemoveRefused.details?.applicationError?.code).toBe("WDE0027");
    const sdkVisitor = createSdkCollectionsVisitor();
    const sdkVisitorRead = await failure<SdkError>(sdkVisitor.items.query("MemberNotes").find());
    expect(sdkVisitorRead.details?.applicationError?.code).toBe("WDE0027");

    // Through our client.
    const cy = await ourMemberOf("cy@example.com", store.apiKey, store.url, forward.realFetch);
    const di = await ourMemberOf("di@example.com", store.apiKey, store.url, forward.realFetch);
    const cyNote = await cy.content.items.insert({
      dataCollectionId: "MemberNotes",
      dataItem: { data: { _id: "our-cy", title: "Cy's" } },
    });
    await di.content.items.insert({
      dataCollectionId: "MemberNotes",
      dataItem: { data: { _id: "our-di", title: "Di's" } },
    });
    const ourEdited = await cy.content.items.update({
      dataCollectionId: "MemberNotes",
      dataItem: { data: { ...cyNote, title: "Cy's, edited" } },
    });
    expect(ourEdited.title).toBe("Cy's, edited");
    const ourRefused = await failure(
      cy.content.items.update({
        dataCollectionId: "MemberNotes",
        dataItem: { data: { _id: "our-di", title: "Cy was here" } },
      }),
    );
    expect(isHttpError(ourRefused) && [ourRefused.status, ourRefused.code]).toEqual([
      403,
      "WDE0027",
    ]);
    expect(isHttpError(ourRefused) && ourRefused.description).toBe(sdkRefused.message);
    const ourRemoveRefused = await failure(
      cy.content.items.remove({ dataCollectionId: "MemberNotes", dataItemId: "our-di" }),
    );
    expect(isHttpError(ourRemoveRefused) && ourRemoveRefused.code).toBe("WDE0027");
    const ourVisitor = createOurVisitorClient(store.url, forward.realFetch);
    const ourVisitorRead = await failure(
      ourVisitor.items.query({ dataCollectionId: "MemberNotes" }),
    );
    expect(isHttpError(ourVisitorRead) && ourVisitorRead.code).toBe("WDE0027");

    // Each member's items carry their owner; an admin reads all four, unchanged by the refusals.
    const sdkAll = await sdkAdmin.items.query("MemberNotes").ascending("_id").find();
    const ourAll = await ourAdmin.content.items.query({
      dataCollectionId: "MemberNotes",
      query: { sort: [{ fieldName: "_id", order: "ASC" }] },
    });
    expect(sdkAll.items.map((item) => [item._id, item.title])).toEqual([
      ["our-cy", "Cy's, edited"],
      ["our-di", "Di's"],
      ["sdk-ada", "Ada's, edited"],
      ["sdk-bob", "Bob's"],
    ]);
    expect(ourAll.items).toEqual(sdkAll.items);
    const owners = new Set(sdkAll.items.map((item) => item._ownerId));
    expect(owners.size).toBe(4);
  });

  it("members read the collection's definition whole, visitors the part a page needs", async () => {
    const member = await sdkMemberOf("eve@example.com", store.apiKey);
    const visitor = createSdkCollectionsVisitor();
    const ours = createOurVisitorClient(store.url, forward.realFetch);
    const full = await member.collections.getDataCollection("MemberNotes");
    const partial = await visitor.collections.getDataCollection("MemberNotes");
    const ourPartial = await createCollectionsApi(ours).getDataCollection("MemberNotes");

    expect(full.permissions).toEqual(MEMBER_PERMISSIONS);
    expect(partial.permissions).toBeUndefined();
    expect(partial.fields?.map((field) => field.key)).toContain("title");
    expect(ourPartial).toEqual(partial);
  });
});
