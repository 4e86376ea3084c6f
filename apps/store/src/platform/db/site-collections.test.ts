import { COLLECTION_NAMES, COLLECTIONS } from "@consultant/site-content";
import { afterEach, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";

let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
});

const resource = { _id: "r1", title: "Notes", text: "Private", url: "https://example.com/n" };
const ownerOnly = COLLECTION_NAMES.filter((name) => COLLECTIONS[name].read === "admin");

test("the registry has a collection visitors may not read", () => {
  expect(ownerOnly).toContain("ClientResources");
});

test.each(ownerOnly)("a visitor token cannot read %s", async (collectionId) => {
  t = createTestApp();
  t.insert(collectionId, [resource]);
  const response = await t.app.inject({
    method: "POST",
    url: "/wix-data/v2/items/query",
    headers: { authorization: await t.token() },
    payload: { dataCollectionId: collectionId },
  });
  expect(response.statusCode).toBe(403);
  expect(response.json().details.applicationError.code).toBe("WDE0027");
});

test.each(ownerOnly)("the API key reads %s", async (collectionId) => {
  t = createTestApp();
  t.insert(collectionId, [resource]);
  const response = await t.app.inject({
    method: "POST",
    url: "/wix-data/v2/items/query",
    headers: { authorization: t.apiKey },
    payload: { dataCollectionId: collectionId },
  });
  expect(response.statusCode).toBe(200);
  expect(response.json().dataItems.map((item: { id: string }) => item.id)).toEqual(["r1"]);
});
