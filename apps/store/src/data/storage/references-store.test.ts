import { describe, expect, test } from "vitest";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import { thrownBy } from "../../main/test-kit/thrown-by.ts";
import { isForeignKeyViolation } from "../../platform/db/sql-db.ts";
import { createItemsStore } from "./items-store.ts";
import { createReferencesStore } from "./references-store.ts";

describe("references store", () => {
  const setup = () => {
    const db = openTestDb();
    const items = createItemsStore(db);
    items.insert("Services", { _id: "s" }, { now: 0, ownerId: "o" });
    return { items, references: createReferencesStore(db) };
  };
  const key = { collectionId: "Services", field: "clients", referringId: "s", referencedId: "c" };

  test("adding or removing a reference bumps the content version", () => {
    const { items, references } = setup();
    const start = items.contentVersion();
    references.insert(key);
    const afterInsert = items.contentVersion();
    references.remove(key);
    expect([afterInsert, items.contentVersion()]).toEqual([start + 1, start + 2]);
  });

  test("a declared field points into its collection, others into their own", () => {
    const { references } = setup();
    expect(references.referencedCollection("Services", "clients")).toBe("Clients");
    expect(references.referencedCollection("HomePage", "refs")).toBe("HomePage");
  });

  test("a reference from a missing item is refused by the foreign key", () => {
    const { references } = setup();
    const error = thrownBy(() => references.insert({ ...key, referringId: "nope" }));
    expect(isForeignKeyViolation(error)).toBe(true);
  });
});
