/**
 * A member reaching past the rules: the share of a collection shared by member is for reads
 * only, a collection shared with no one gives a member no share at all, an unknown collection
 * admits nobody, and a refusal says which collection, action and role it refused.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import { createAccessStore } from "../../platform/db/access-store.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import { ApiError } from "../../platform/errors.ts";
import { createAccessControl } from "./access-control.ts";

const member = { role: "member", id: "member-1" } as const;
const visitor = { role: "visitor", id: "visitor-1" } as const;

let db: Db;
let access: ReturnType<typeof createAccessControl>;
beforeEach(() => {
  db = openTestDb();
  const store = createAccessStore(db);
  store.setPermissions("ClientResources", {
    read: "admin",
    insert: "admin",
    update: "admin",
    remove: "admin",
  });
  store.setPermissions("About", {
    read: "admin",
    insert: "admin",
    update: "admin",
    remove: "admin",
  });
  access = createAccessControl(store);
});
afterEach(() => db.close());

function refusal(act: () => unknown): ApiError {
  try {
    act();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("not refused");
}

test("a member's share of a collection shared by member is for reading, not for writing", () => {
  expect(access.scope(member, "ClientResources", "read")).not.toBeNull();
  for (const action of ["update", "remove"] as const) {
    expect(refusal(() => access.scope(member, "ClientResources", action)).code).toBe(
      "PERMISSION_DENIED",
    );
  }
});

test("a collection shared with no one gives a member no share of an admins-only read", () => {
  expect(refusal(() => access.readScope(member, "About")).code).toBe("PERMISSION_DENIED");
});

test("an unknown collection admits nobody, without an error", () => {
  expect(access.can(member, "NoSuchCollection", "read")).toBe(false);
  expect(access.can(visitor, "NoSuchCollection", "read")).toBe(false);
});

test("a refusal names the collection, the action and the caller's role", () => {
  const error = refusal(() => access.authorize(visitor, "About", "insert"));
  expect(error.code).toBe("PERMISSION_DENIED");
  expect(error.data).toEqual({ collectionId: "About", action: "insert", role: "visitor" });
});

test("a collaborator's editor session changes content but never the site's settings", () => {
  // With the owner's review off; while it is on (the default) they write drafts only (below).
  createAccessStore(db).setCollaboratorsReviewed(false);
  const editor = { role: "admin", id: "collaborator-1", editor: true } as const;
  const owner = { role: "admin", id: "owner" } as const;
  for (const action of ["insert", "update", "remove"] as const) {
    expect(refusal(() => access.authorize(editor, "SiteSettings", action)).code).toBe(
      "OWNER_ROLE_REQUIRED",
    );
    expect(refusal(() => access.scope(editor, "SiteSettings", action)).code).toBe(
      "OWNER_ROLE_REQUIRED",
    );
    expect(access.can(editor, "SiteSettings", action)).toBe(false);
    expect(access.can(editor, "About", action)).toBe(true);
    expect(access.can(owner, "SiteSettings", action)).toBe(true);
  }
  expect(access.can(editor, "SiteSettings", "read")).toBe(true);
  expect(access.scope(editor, "SiteSettings", "read")).toBeNull();
  expect(() => access.authorize(editor, "About", "update")).not.toThrow();
});

test("a collaborator under the owner's review (the default) writes nothing live, in any collection", () => {
  const editor = { role: "admin", id: "collaborator-1", editor: true } as const;
  for (const collection of ["About", "Services", "ClientResources"]) {
    for (const action of ["insert", "update", "remove"] as const) {
      expect(refusal(() => access.authorize(editor, collection, action)).code).toBe(
        "REVIEW_REQUIRED",
      );
      expect(refusal(() => access.scope(editor, collection, action)).code).toBe("REVIEW_REQUIRED");
      expect(access.can(editor, collection, action)).toBe(false);
    }
    expect(access.can(editor, collection, "read")).toBe(true);
  }
});
