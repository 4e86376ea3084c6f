import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { caller, codeOf } from "../../main/test-kit/api.ts";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import { createAccessStore } from "../../platform/db/access-store.ts";
import { createAccessControl } from "./access-control.ts";
import { createApiKeys } from "./api-key.ts";

describe("the permission check", () => {
  const db = openTestDb();
  const store = createAccessStore(db);
  const access = createAccessControl(store);
  const visitor = { role: "visitor", id: "v" } as const;
  const member = { role: "member", id: "m" } as const;
  const admin = { role: "admin", id: "a" } as const;

  test("the five collections: anyone reads, only admins write", () => {
    for (const who of [visitor, member, admin])
      expect(access.can(who, "HomePage", "read")).toBe(true);
    for (const action of ["insert", "update", "remove"] as const) {
      expect(access.can(member, "HomePage", action)).toBe(false);
      expect(access.can(admin, "HomePage", action)).toBe(true);
    }
  });

  test("the site's settings: the owner writes them, a collaborator only reads them", () => {
    const collaborator = { role: "admin", id: "c", editor: true } as const;
    const codeOfCall = (run: () => unknown) => {
      try {
        run();
        return undefined;
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    expect(codeOfCall(() => access.authorize(admin, "SiteSettings", "update", "insert"))).toBe(
      undefined,
    );
    expect(access.readScope(collaborator, "SiteSettings")).toBeNull();
    expect(codeOfCall(() => access.authorize(collaborator, "SiteSettings", "read"))).toBe(
      undefined,
    );
    expect(codeOfCall(() => access.authorize(collaborator, "SiteSettings", "update"))).toBe(
      "OWNER_ROLE_REQUIRED",
    );
    expect(codeOfCall(() => access.authorize(collaborator, "About", "update"))).toBe(
      "REVIEW_REQUIRED",
    );
    store.setCollaboratorsReviewed(false);
    expect(codeOfCall(() => access.authorize(collaborator, "About", "update"))).toBe(undefined);
    store.setCollaboratorsReviewed(true);
  });

  test("permissions come from the database: member reads, member writes", () => {
    store.setPermissions("About", {
      read: "member",
      insert: "member",
      update: "admin",
      remove: "admin",
    });
    expect(access.can(visitor, "About", "read")).toBe(false);
    expect(access.can(member, "About", "read")).toBe(true);
    expect(access.can(member, "About", "insert")).toBe(true);
    expect(access.can(member, "About", "update")).toBe(false);
  });

  test("a visitor never writes, even where anyone may", () => {
    store.setPermissions("Clients", {
      read: "anyone",
      insert: "anyone",
      update: "anyone",
      remove: "anyone",
    });
    expect(access.can(visitor, "Clients", "insert")).toBe(false);
    expect(access.can(member, "Clients", "insert")).toBe(true);
  });

  test("a collection created without permissions gets the defaults", () => {
    db.prepare("INSERT INTO collections (id, display_name) VALUES ('Extra', 'Extra')").run();
    expect(access.can(visitor, "Extra", "read")).toBe(true);
    expect(access.can(member, "Extra", "insert")).toBe(false);
    expect(access.can(admin, "Extra", "remove")).toBe(true);
  });

  test("authorize names the action and collection, and WDE0025 for an unknown one", () => {
    expect(() => access.authorize(visitor, "HomePage", "remove")).toThrow(
      "The current user does not have permissions to remove on the [HomePage] collection.",
    );
    expect(() => access.authorize(admin, "Nope", "read")).toThrow(
      "Collection [Nope] does not exist",
    );
  });
});

describe("credentials on data calls", () => {
  let t: TestApp;
  const insert = { dataCollectionId: "Clients", dataItem: { data: { _id: "x" } } };

  beforeEach(() => {
    t = createTestApp();
  });
  afterEach(() => t.app.close());

  test("the API key as the SDK's ApiKeyStrategy sends it: raw, with wix-site-id", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/wix-data/v2/items",
      headers: { authorization: t.apiKey, "wix-site-id": "any-site" },
      payload: insert,
    });
    expect(response.statusCode).toBe(200);
  });

  test("Bearer <key> is tolerated", async () => {
    const response = await caller(t, `Bearer ${t.apiKey}`)("POST", "items", insert);
    expect(response.statusCode).toBe(200);
  });

  test("a wrong key is 401 and writes nothing", async () => {
    const response = await caller(t, "IST.not-the-key")("POST", "items", insert);
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe("TOKEN_INVALID");
    expect(t.store.getItem("Clients", "x")).toBeNull();
  });

  test("no credential is 401 UNAUTHENTICATED on reads too", async () => {
    const response = await caller(t, null)("POST", "items/count", { dataCollectionId: "Clients" });
    expect(response.statusCode).toBe(401);
    expect(codeOf(response)).toBe("UNAUTHENTICATED");
  });

  test("a rotated key stops working at once", async () => {
    const old = t.apiKey;
    const fresh = createApiKeys(createAccessStore(t.db)).rotate();
    expect((await caller(t, old)("POST", "items", insert)).statusCode).toBe(401);
    expect((await caller(t, fresh)("POST", "items", insert)).statusCode).toBe(200);
  });

  test("a visitor token reads but cannot write", async () => {
    const visitor = caller(t, await t.token());
    expect((await visitor("POST", "items/count", { dataCollectionId: "Clients" })).statusCode).toBe(
      200,
    );
    const write = await visitor("POST", "items", insert);
    expect(write.statusCode).toBe(403);
    expect(codeOf(write)).toBe("WDE0027");
  });
});
