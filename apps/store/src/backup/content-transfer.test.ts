import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COLLECTION_NAMES } from "@consultant/site-content";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createItemsStore, type ItemsStore } from "../db/items-store.ts";
import { type Db, openDb } from "../db/open.ts";
import { ContentFileError } from "./content-files.ts";
import { exportContent, importContent } from "./content-transfer.ts";

const T0 = Date.parse("2024-01-01T00:00:00.000Z");
const T1 = Date.parse("2024-02-01T00:00:00.000Z");

let dir: string;
let db: Db;
let store: ItemsStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "store-content-"));
  db = openDb(":memory:");
  store = createItemsStore(db);
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
    expect(exportContent(store, dir)).toEqual({
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
    exportContent(store, dir);
    const before = snapshot();
    const changes = importContent(store, dir, { dryRun: false, now: T1 });
    expect(changes.every((c) => c.added.length + c.updated.length + c.removed.length === 0)).toBe(
      true,
    );
    expect(snapshot()).toEqual(before);
  });

  test("adds, updates and removes so the collection holds exactly the file", () => {
    exportContent(store, dir);
    const [a] = readJson("Clients.json");
    writeJson("Clients.json", [
      { ...a, itemData: "A2" },
      { _id: "c", itemData: "C" },
    ]);
    const changes = importContent(store, dir, { dryRun: false, now: T1 });
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
    importContent(store, dir, { dryRun: false, now: T1 });
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
    importContent(store, dir, { dryRun: false, now: T1 });
    expect(store.getItem("HomePage", "h")).not.toBeNull();
    expect(store.getItem("Clients", "a")).toBeNull();
  });

  test("a dry run reports the changes and changes nothing", () => {
    writeJson("Clients.json", [{ _id: "z" }]);
    const before = snapshot();
    const changes = importContent(store, dir, { dryRun: true, now: T1 });
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
    ["Nope.json", "[]", /Nope\.json: there is no collection named Nope/],
  ];

  test.each(badFiles)(
    "a bad %s (%#) is refused naming the file, nothing changed",
    (name, text, message) => {
      writeJson("HomePage.json", []);
      writeFileSync(join(dir, name), text);
      const before = snapshot();
      expect(() => importContent(store, dir, { dryRun: false, now: T1 })).toThrow(ContentFileError);
      expect(() => importContent(store, dir, { dryRun: false, now: T1 })).toThrow(message);
      expect(snapshot()).toEqual(before);
    },
  );
});
