/**
 * A draft is checked when it is saved, as an item write is, so that a scheduled publish cannot
 * fail later: bad or hostile input answers a catalogued error and saves nothing.
 */
import { afterEach, describe, expect, test } from "vitest";
import { createDraftsKit, type DraftsKit } from "../../main/test-kit/drafts-kit.ts";
import { SITE_OWNER_ID } from "../../platform/site-owner.ts";

const HOUR = 60 * 60 * 1000;
let kit: DraftsKit | undefined;
afterEach(async () => {
  await kit?.app.close();
  kit = undefined;
});

async function start(): Promise<DraftsKit> {
  kit = await createDraftsKit();
  kit.insert("SiteSettings", [{ _id: "site", email: "alex@example.com" }]);
  kit.insert("Clients", [{ _id: "c1", itemData: "One" }]);
  return kit;
}

const put = (itemId: string, data: unknown, extra: Record<string, unknown> = {}) => ({
  itemId,
  kind: "put",
  data,
  ...extra,
});

type ErrorBody = {
  details: {
    applicationError?: { code: string };
    validationError?: { fieldViolations: { field: string }[] };
  };
};
const codeOf = (body: ErrorBody) =>
  body.details.applicationError?.code ?? (body.details.validationError ? "VALIDATION_FAILED" : "");

async function expectNothingSaved(k: DraftsKit) {
  expect((await k.call("GET", "/api/drafts")).json()).toEqual({ changes: [] });
}

describe("saving a draft", () => {
  test("runs the item write's site-content checks: the same fields refused as a data-items save", async () => {
    const k = await start();
    const data = { email: "not an e-mail", bookingUrl: "javascript:alert(1)", phone: "call me" };
    const draft = await k.call("PUT", "/api/drafts", {
      collectionId: "SiteSettings",
      changes: [put("site", data)],
    });
    const write = await k.asOwner(k.owner, {
      method: "PUT",
      url: "/wix-data/v2/items/site",
      payload: { dataCollectionId: "SiteSettings", dataItem: { id: "site", data } },
    });
    expect(draft.statusCode).toBe(400);
    expect(write.statusCode).toBe(400);
    const fields = (body: ErrorBody) =>
      (body.details.validationError?.fieldViolations ?? []).map((v) => v.field).sort();
    expect(fields(draft.json())).toEqual(fields(write.json()));
    expect(fields(draft.json())).toEqual(["bookingUrl", "email", "phone"]);
    await expectNothingSaved(k);
  });

  test("refuses an item over the size limit (ITEM_TOO_LARGE) and a body over 1 MiB (413)", async () => {
    const k = await start();
    const large = await k.call("PUT", "/api/drafts", {
      collectionId: "Clients",
      changes: [put("big", { itemData: "x".repeat(600 * 1024) })],
    });
    expect(large.statusCode).toBe(413);
    expect(codeOf(large.json())).toBe("ITEM_TOO_LARGE");
    const huge = await k.call("PUT", "/api/drafts", {
      collectionId: "Clients",
      changes: [put("big", { itemData: "x".repeat(1100 * 1024) })],
    });
    expect(huge.statusCode).toBe(413);
    await expectNothingSaved(k);
  });

  test("saves all the changes or none: one bad change refuses the request", async () => {
    const k = await start();
    const response = await k.call("PUT", "/api/drafts", {
      collectionId: "Clients",
      changes: [put("c1", { itemData: "Fine" }), put("c2", "not an object")],
    });
    expect(response.statusCode).toBe(400);
    await expectNothingSaved(k);
  });

  test.each([
    [
      "a collection that does not exist",
      { collectionId: "Nope", changes: [put("a", {})] },
      "WDE0025",
    ],
    [
      "another collection (not the page's)",
      { collectionId: "ClientResources", changes: [put("a", {})] },
      "WDE0025",
    ],
    ["a prototype name", { collectionId: "__proto__", changes: [put("a", {})] }, "WDE0025"],
    [
      "a collection that is not text",
      { collectionId: ["Clients"], changes: [put("a", {})] },
      "VALIDATION_FAILED",
    ],
    ["no changes", { collectionId: "Clients", changes: [] }, "VALIDATION_FAILED"],
    [
      "changes that are not a list",
      { collectionId: "Clients", changes: { 0: put("a", {}) } },
      "VALIDATION_FAILED",
    ],
    [
      "201 changes",
      { collectionId: "Clients", changes: Array.from({ length: 201 }, (_, i) => put(`i${i}`, {})) },
      "VALIDATION_FAILED",
    ],
    [
      "an unknown kind",
      { collectionId: "Clients", changes: [{ itemId: "c1", kind: "patch", data: {} }] },
      "VALIDATION_FAILED",
    ],
    [
      "an item id that is a number",
      { collectionId: "Clients", changes: [put(7 as unknown as string, {})] },
      "VALIDATION_FAILED",
    ],
    [
      "an item id of 129 characters",
      { collectionId: "Clients", changes: [put("i".repeat(129), {})] },
      "VALIDATION_FAILED",
    ],
    [
      "data that is a list",
      { collectionId: "Clients", changes: [put("c1", [1, 2])] },
      "VALIDATION_FAILED",
    ],
    [
      "a remove with data",
      { collectionId: "Clients", changes: [{ itemId: "c1", kind: "remove", data: { a: 1 } }] },
      "VALIDATION_FAILED",
    ],
    [
      "an _id that is another item's",
      { collectionId: "Clients", changes: [put("c1", { _id: "c2" })] },
      "VALIDATION_FAILED",
    ],
    [
      "one item and kind twice",
      { collectionId: "Clients", changes: [put("c1", {}), put("c1", {})] },
      "VALIDATION_FAILED",
    ],
    [
      "data nested 100 levels deep",
      {
        collectionId: "Clients",
        changes: [put("c1", JSON.parse(`${'{"a":'.repeat(100)}1${"}".repeat(100)}`))],
      },
      "VALIDATION_FAILED",
    ],
    [
      "a time that is not a time",
      { collectionId: "Clients", changes: [put("c1", {}, { publishAt: "next Tuesday" })] },
      "VALIDATION_FAILED",
    ],
    [
      "a time as a number",
      { collectionId: "Clients", changes: [put("c1", {}, { publishAt: Date.now() + HOUR })] },
      "VALIDATION_FAILED",
    ],
    [
      "a remove of an item that is not live",
      { collectionId: "Clients", changes: [{ itemId: "nobody", kind: "remove" }] },
      "WDE0073",
    ],
  ])("refuses %s, saving nothing", async (_name, body, code) => {
    const k = await start();
    const response = await k.call("PUT", "/api/drafts", body);
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(codeOf(response.json())).toBe(code);
    await expectNothingSaved(k);
  });

  test("refuses a time already past (SCHEDULE_IN_PAST) and one more than a year ahead", async () => {
    const k = await start();
    const at = (ms: number) => new Date(ms).toISOString();
    const past = await k.call("PUT", "/api/drafts", {
      collectionId: "Clients",
      changes: [put("c1", {}, { publishAt: at(k.clock.ms) })],
    });
    expect(past.statusCode).toBe(400);
    expect(codeOf(past.json())).toBe("SCHEDULE_IN_PAST");
    const far = await k.call("PUT", "/api/drafts", {
      collectionId: "Clients",
      changes: [put("c1", {}, { publishAt: at(k.clock.ms + 400 * 24 * HOUR) })],
    });
    expect(codeOf(far.json())).toBe("VALIDATION_FAILED");
    const publishPast = await k.call("POST", "/api/drafts/publish", {
      collectionId: "Clients",
      at: at(k.clock.ms - HOUR),
    });
    expect(codeOf(publishPast.json())).toBe("SCHEDULE_IN_PAST");
    await expectNothingSaved(k);
  });

  test("drops system fields: an _ownerId or dates in a draft never reach the published item", async () => {
    const k = await start();
    await k.draft("Clients", "c1", {
      itemData: "Mine now",
      _ownerId: "attacker",
      _createdDate: { $date: "2000-01-01T00:00:00.000Z" },
      _updatedDate: { $date: "2000-01-01T00:00:00.000Z" },
    });
    const [saved] = (await k.call("GET", "/api/drafts")).json().changes;
    expect(saved.data).toEqual({ _id: "c1", itemData: "Mine now" });
    await k.call("POST", "/api/drafts/publish", { collectionId: "Clients" });
    const item = k.store.getItem("Clients", "c1")?.data;
    expect(item?._ownerId).toBe("o");
    expect(item?._createdDate).not.toEqual({ $date: "2000-01-01T00:00:00.000Z" });
    await k.draft("Clients", "c9", { itemData: "New", _ownerId: "attacker" });
    await k.call("POST", "/api/drafts/publish", { collectionId: "Clients" });
    expect(k.store.getItem("Clients", "c9")?.data._ownerId).toBe(SITE_OWNER_ID);
  });

  test("needs the owner's session, and its CSRF header to change anything", async () => {
    const k = await start();
    const body = { collectionId: "Clients", changes: [put("c1", { itemData: "x" })] };
    const anonymous = await k.app.inject({
      method: "PUT",
      url: "/admin/api/drafts",
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const withKey = await k.app.inject({
      method: "GET",
      url: "/admin/api/drafts",
      headers: { authorization: "an API key is not a session" },
    });
    expect(withKey.statusCode).toBe(401);
    const noCsrf = await k.asOwner(k.owner, {
      method: "PUT",
      url: "/admin/api/drafts",
      payload: body,
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(403);
    for (const url of ["/api/drafts/publish", "/api/drafts/unpublish"]) {
      const refused = await k.asOwner(k.owner, {
        method: "POST",
        url: `/admin${url}`,
        payload: { collectionId: "Clients" },
        csrf: false,
      });
      expect(refused.statusCode).toBe(403);
    }
    await expectNothingSaved(k);
  });
});
