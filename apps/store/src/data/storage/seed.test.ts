import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COLLECTION_NAMES } from "@consultant/site-content";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { parseFilter } from "../../platform/query/parse-filter.ts";
import { SITE_OWNER_ID } from "../../platform/site-owner.ts";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import { createItemsStore, type ItemsStore } from "./items-store.ts";
import { openDb } from "../../platform/db/open.ts";
import { seedContent } from "./seed.ts";
import type { Db } from "../../platform/db/sql-db.ts";

const CONTENT_DIR = new URL("../../../../../content/", import.meta.url);
const ALL = parseFilter({});

let dir: string;
const opened: Db[] = [];

function start(): ItemsStore {
  const db = openDb(join(dir, "store.db"));
  opened.push(db);
  const store = createItemsStore(db);
  seedContent(store, { now: Date.parse("2025-01-01T00:00:00.000Z") });
  return store;
}

function contentFile(name: string): Record<string, unknown>[] {
  return JSON.parse(readFileSync(new URL(`${name}.json`, CONTENT_DIR), "utf8"));
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "store-seed-"));
});
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("seedContent", () => {
  test("first start inserts every content file in file order", () => {
    const store = start();
    for (const name of COLLECTION_NAMES) {
      const items = store.query({
        collectionId: name,
        filter: ALL,
        sort: [],
        offset: 0,
        limit: null,
      });
      const expected = contentFile(name);
      expect(items.map((item) => item.id)).toEqual(expected.map((item) => item._id));
      expect(items[0]?.data).toMatchObject({ ...expected[0], _ownerId: SITE_OWNER_ID });
    }
  });

  test("a second start does not overwrite an edit", () => {
    const first = start();
    const [item] = first.query({
      collectionId: "HomePage",
      filter: ALL,
      sort: [],
      offset: 0,
      limit: 1,
    });
    first.update(
      "HomePage",
      item?.id ?? "",
      { title_fld: "MainTitle", data: "Edited by the owner" },
      Date.now(),
    );
    opened.pop()?.close();

    const second = start();
    expect(second.getItem("HomePage", item?.id ?? "")?.data.data).toBe("Edited by the owner");
  });

  test("a second start does not re-add deleted items", () => {
    const first = start();
    first.remove("Clients", "owners");
    const before = first.count("Clients", ALL);
    opened.pop()?.close();

    const second = start();
    expect(second.getItem("Clients", "owners")).toBeNull();
    expect(second.count("Clients", ALL)).toBe(before);
  });

  test("reports whether it seeded", () => {
    const store = createItemsStore(openTestDb());
    expect(seedContent(store, { now: 0 })).toBe(true);
    expect(seedContent(store, { now: 0 })).toBe(false);
  });

  test("a bad content file seeds nothing", () => {
    const store = createItemsStore(openTestDb());
    expect(() => seedContent(store, { now: 0, contentDir: dir })).toThrow();
    expect(store.isSeeded()).toBe(false);
    expect(store.count("HomePage", ALL)).toBe(0);
  });
});
