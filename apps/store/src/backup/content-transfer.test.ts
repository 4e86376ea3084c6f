import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COLLECTION_NAMES } from "@consultant/site-content";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  type CollectionsStore,
  createCollectionsStore,
} from "../data/storage/collections-store.ts";
import { createItemsStore, type ItemsStore } from "../data/storage/items-store.ts";
import { openTestDb } from "../main/test-kit/test-db.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { ContentFileError } from "./content-files.ts";
import { exportContent, importContent } from "./content-transfer.ts";

const T0 = Date.parse("2024-01-01T00:00:00.000Z");
const T1 = Date.parse("2024-02-01T00:00:00.000Z");

let dir: string;
let db: Db;
let store: ItemsStore;
let collections: CollectionsStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "store-content-"));
  db = openTestDb();
  store = createItemsStore(db);
  collections = createCollectionsStore(db);
  store.insert("Clients", { _id: "a", itemData: "A", order: 1 }, { now: T0, ownerId: "o" });
  store.insert("Clients", { _id: "b", itemData: "B", order: 2 }, { now: T0, ownerId: "o" });
  store.insert(
    "HomePage",
    { _id: "h", title_fld: "MainTitle", data: "Hi" },
    { now: T0, ownerId: "o" },
  );
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const snapshot = () => db.prepare("SELECT collection_id, id, data FROM items ORDER BY seq").all();
const readJson = (name: string) => JSON.parse(readFileSync(join(dir, name), "utf8"));
const writeJson = (name: string, value: unknown) =>
  writeFileSync(join(dir, name), JSON.stringify(value));

describe("exportContent", () => {
  test("writes one array per collection with system fields and dates as $date", () => {
    expect(exportContent(store, dir, collections)).toEqual({
      ...Object.fromEntries(COLLECTION_NAMES.map((name) => [name, 0])),
      HomePage: 1,
      Clients: 2,
    });
    expect(readdirSync(dir).sort()).toEqual(COLLECTION_NAMES.map((name) => `${name}.json`).sort());
    expect(readJson("Clients.json")).toEqual([
      {
        _id: "a",
        _createdDate: { $date: "2024-01-01T00:00:00.000Z" },
        _updatedDate: { $date: "2024-01-01T00:00:00.000Z" },
        _ownerId: "o",
        itemData: "A",
        order: 1,
      },
      expect.objectContaining({ _id: "b" }),
    ]);
  });
});

describe("importContent", () => {
  test("an unchanged export imports as no change at all", () => {
    exportContent(store, dir, collections);
    const before = snapshot();
    const changes = importContent(store, dir, { dryRun: false, now: T1, collections });
    expect(changes.every((c) => c.added.length + c.updated.length + c.removed.length === 0)).toBe(
      true,
    );
    expect(snapshot()).toEqual(before);
  });

  test("adds, updates and removes so the collection holds exactly the file", () => {
    exportContent(store, dir, collections);
    const [a] = readJson("Clients.json");
    writeJson("Clients.json", [
      { ...a, itemData: "A2" },
      { _id: "c", itemData: "C" },
    ]);
    const changes = importContent(store, dir, { dryRun: false, now: T1, collections });
    expect(changes.find((c) => c.collectionId === "Clients")).toEqual({
      collectionId: "Clients",
      added: ["c"],
      updated: ["a"],
      removed: ["b"],
    });
    expect(store.getItem("Clients", "a")?.data).toMatchObject({
      itemData: "A2",
      _createdDate: { $date: "2024-01-01T00:00:00.000Z" },
      _updatedDate: { $date: "2024-02-01T00:00:00.000Z" },
    });
    expect(store.getItem("Clients", "b")).toBeNull();
    expect(store.getItem("Clients", "c")?.data).toMatchObject({ itemData: "C" });
  });

  test("a restored item keeps the file's dates and owner", () => {
    writeJson("Clients.json", [
      {
        _id: "old",
        _createdDate: { $date: "2020-05-05T00:00:00.000Z" },
        _updatedDate: { $date: "2021-05-05T00:00:00.000Z" },
        _ownerId: "someone",
        itemData: "Old",
      },
    ]);
    importContent(store, dir, { dryRun: false, now: T1, collections });
    expect(store.getItem("Clients", "old")?.data).toEqual({
      _id: "old",
      _createdDate: { $date: "2020-05-05T00:00:00.000Z" },
      _updatedDate: { $date: "2021-05-05T00:00:00.000Z" },
      _ownerId: "someone",
      itemData: "Old",
    });
  });

  test("a collection without a file is left unchanged", () => {
    writeJson("Clients.json", []);
    importContent(store, dir, { dryRun: false, now: T1, collections });
    expect(store.getItem("HomePage", "h")).not.toBeNull();
    expect(store.getItem("Clients", "a")).toBeNull();
  });

  test("a dry run reports the changes and changes nothing", () => {
    writeJson("Clients.json", [{ _id: "z" }]);
    const before = snapshot();
    const changes = importContent(store, dir, { dryRun: true, now: T1, collections });
    expect(changes).toEqual([
      { collectionId: "Clients", added: ["z"], updated: [], removed: ["a", "b"] },
    ]);
    expect(snapshot()).toEqual(before);
  });

  const badFiles: [string, string, string | RegExp][] = [
    ["Clients.json", "{not json", /Clients\.json: is not valid JSON/],
    ["Clients.json", '{"a": 1}', "Clients.json: must be a JSON array of items"],
    ["Clients.json", "[1]", "Clients.json: item 0: must be an object"],
    ["Clients.json", '[{"_id": 7}]', /item 0: _id must be a non-empty string/],
    [
      "Clients.json",
      '[{"_id": "x"}, {"_id": "x"}]',
      "Clients.json: items 0 and 1 have the same _id [x]",
    ],
    ["Clients.json", '[{"_createdDate": "2024"}]', /_createdDate must be \{"\$date"/],
    ["Clients.json", '[{"_ownerId": 1}]', /_ownerId must be a string/],
    ["Clients.json", `[{"deep": ${"[".repeat(100)}${"]".repeat(100)}}]`, /nested at most 64/],
    ["Clients.json", `[{"big": "${"x".repeat(600_000)}"}]`, /at most 512000/],
    ["9lives.json", "[]", /9lives\.json: is not named after a collection/],
    ["Notes.collection.json", "{}", /Notes\.collection\.json: id: must not be empty/],
    [
      "Notes.collection.json",
      JSON.stringify({
        id: "Other",
        fields: [{ key: "a", type: "TEXT" }],
        permissions: { read: "ANYONE", insert: "ADMIN", update: "ADMIN", remove: "ADMIN" },
      }),
      "Notes.collection.json: id must be Notes, the file's name",
    ],
    [
      "Notes.collection.json",
      JSON.stringify({
        id: "Notes",
        fields: [{ key: "a", type: "TEXT" }],
        permissions: { read: "OWNER", insert: "ADMIN", update: "ADMIN", remove: "ADMIN" },
      }),
      /permissions\.read: is not a role: one of ANYONE, SITE_MEMBER, SITE_MEMBER_AUTHOR, ADMIN/,
    ],
    [
      "Services.collection.json",
      JSON.stringify({
        id: "Services",
        fields: [{ key: "a", type: "TEXT" }],
        permissions: { read: "ANYONE", insert: "ADMIN", update: "ADMIN", remove: "ADMIN" },
      }),
      /Services\.collection\.json: is one of the site's own collections/,
    ],
  ];

  test.each(badFiles)(
    "a bad %s (%#) is refused naming the file, nothing changed",
    (name, text, message) => {
      writeJson("HomePage.json", []);
      writeFileSync(join(dir, name), text);
      const before = snapshot();
      expect(() => importContent(store, dir, { dryRun: false, now: T1, collections })).toThrow(
        ContentFileError,
      );
      expect(() => importContent(store, dir, { dryRun: false, now: T1, collections })).toThrow(
        message,
      );
      expect(snapshot()).toEqual(before);
    },
  );
});

describe("collections made over the API", () => {
  const NOTES = {
    id: "Notes",
    displayName: "Notes",
    displayField: "title",
    fields: [{ key: "title", type: "TEXT" as const }],
    permissions: { read: "member", insert: "member", update: "author", remove: "author" } as const,
  };

  test("export writes their definition beside their items, with the platform's role names", () => {
    collections.insert(NOTES, T0);
    store.insert("Notes", { _id: "n1", title: "One" }, { now: T0, ownerId: "m1" });

    exportContent(store, dir, collections);

    expect(readJson("Notes.collection.json")).toEqual({
      id: "Notes",
      displayName: "Notes",
      displayField: "title",
      fields: [{ key: "title", type: "TEXT" }],
      permissions: {
        insert: "SITE_MEMBER",
        update: "SITE_MEMBER_AUTHOR",
        remove: "SITE_MEMBER_AUTHOR",
        read: "SITE_MEMBER",
      },
    });
    expect(readdirSync(dir).filter((name) => name.endsWith(".collection.json"))).toEqual([
      "Notes.collection.json",
    ]);
  });

  test("a round trip into an empty store recreates the collection with its permissions and items", () => {
    collections.insert(NOTES, T0);
    store.insert("Notes", { _id: "n1", title: "One" }, { now: T0, ownerId: "m1" });
    exportContent(store, dir, collections);
    const other = openTestDb();
    try {
      const otherItems = createItemsStore(other);
      const otherCollections = createCollectionsStore(other);

      const changes = importContent(otherItems, dir, {
        dryRun: false,
        now: T1,
        collections: otherCollections,
      });

      expect(changes.find((change) => change.collectionId === "Notes")).toEqual({
        collectionId: "Notes",
        definition: "created",
        added: ["n1"],
        updated: [],
        removed: [],
      });
      expect(otherCollections.get("Notes")).toMatchObject({
        displayField: "title",
        permissions: NOTES.permissions,
      });
      expect(otherItems.getItem("Notes", "n1")?.data).toMatchObject({
        title: "One",
        _ownerId: "m1",
      });
    } finally {
      other.close();
    }
  });

  test("items of an unknown collection without a definition create it with the default permissions", () => {
    writeJson("Guestbook.json", [{ _id: "g1", text: "Hello" }]);

    const dry = importContent(store, dir, { dryRun: true, now: T1, collections });
    expect(dry).toEqual([
      { collectionId: "Guestbook", definition: "created", added: ["g1"], updated: [], removed: [] },
    ]);
    expect(collections.get("Guestbook")).toBeNull();

    importContent(store, dir, { dryRun: false, now: T1, collections });
    expect(collections.get("Guestbook")?.permissions).toEqual({
      read: "anyone",
      insert: "admin",
      update: "admin",
      remove: "admin",
    });
    expect(store.getItem("Guestbook", "g1")).not.toBeNull();
  });

  test("a changed definition file updates the collection's permissions; an unchanged one is no change", () => {
    collections.insert(NOTES, T0);
    exportContent(store, dir, collections);
    const unchanged = importContent(store, dir, { dryRun: false, now: T1, collections });
    expect(unchanged.filter((change) => change.definition !== undefined)).toEqual([]);

    const file = readJson("Notes.collection.json");
    writeJson("Notes.collection.json", {
      ...file,
      permissions: { ...file.permissions, read: "ANYONE" },
    });
    const changes = importContent(store, dir, { dryRun: false, now: T1, collections });

    expect(changes.find((change) => change.collectionId === "Notes")).toEqual({
      collectionId: "Notes",
      definition: "updated",
      added: [],
      updated: [],
      removed: [],
    });
    expect(collections.get("Notes")?.permissions.read).toBe("anyone");
    expect(collections.get("Notes")?.revision).toBe(2);
  });
});
