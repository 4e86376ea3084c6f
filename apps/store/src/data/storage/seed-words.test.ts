import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COLLECTION_NAMES } from "@consultant/site-content";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import { parseFilter } from "../../platform/query/parse-filter.ts";
import { createItemsStore, type ItemData, type ItemsStore } from "./items-store.ts";
import { seedContent } from "./seed.ts";
import { missingTexts, seedWords } from "./seed-words.ts";

const CONTENT_DIR = new URL("../../../../../content/", import.meta.url).pathname;
const ALL = parseFilter({});

function contentFile(name: string): ItemData[] {
  return JSON.parse(readFileSync(join(CONTENT_DIR, `${name}.json`), "utf8"));
}

function texts(store: ItemsStore, collectionId: string): Record<string, unknown> {
  const items = store.query({ collectionId, filter: ALL, sort: [], offset: 0, limit: null });
  return Object.fromEntries(items.map((item) => [item.data.title_fld, item.data.data]));
}

let oldContent: string;
beforeEach(() => {
  // The sample content of a store seeded before the page's words were content: the owner's texts.
  oldContent = mkdtempSync(join(tmpdir(), "store-old-content-"));
  const oldKeys = new Set(["MainTitle", "SubTitle", "About", "WhyWorkWithMeText"]);
  for (const name of COLLECTION_NAMES) {
    const items = name === "PageWords" ? [] : contentFile(name);
    const old = items.filter(
      (item) => item.title_fld === undefined || oldKeys.has(String(item.title_fld)),
    );
    writeFileSync(join(oldContent, `${name}.json`), JSON.stringify(old));
  }
});
afterEach(() => rmSync(oldContent, { recursive: true, force: true }));

function oldStore(): { db: Db; store: ItemsStore } {
  const db = openTestDb();
  const store = createItemsStore(db);
  seedContent(store, { now: 0, contentDir: oldContent });
  return { db, store };
}

describe("missingTexts", () => {
  test("offers the defaults whose key the collection lacks", () => {
    const stored = [{ _id: "main-title", title_fld: "MainTitle", data: "Owner's" }];
    const defaults = [
      { _id: "main-title", title_fld: "MainTitle", data: "Sample" },
      { _id: "chat-button", title_fld: "ChatButton", data: "Let's Chat" },
    ];
    expect(missingTexts(stored, defaults)).toEqual([defaults[1]]);
  });

  test("a key the owner stored under another id is not added twice", () => {
    const stored = [{ _id: "x1", title_fld: "ChatButton", data: "Talk to me" }];
    const defaults = [{ _id: "chat-button", title_fld: "ChatButton", data: "Let's Chat" }];
    expect(missingTexts(stored, defaults)).toEqual([]);
  });

  test("an id the owner reused for another key is not overwritten", () => {
    const stored = [{ _id: "chat-button", title_fld: "Other", data: "kept" }];
    const defaults = [{ _id: "chat-button", title_fld: "ChatButton", data: "Let's Chat" }];
    expect(missingTexts(stored, defaults)).toEqual([]);
  });
});

describe("seedWords", () => {
  test("an older store gets every new text's default and keeps the owner's edits", () => {
    const { db, store } = oldStore();
    store.update("HomePage", "main-title", { title_fld: "MainTitle", data: "Owner's headline" }, 1);

    const added = seedWords(db, store, { now: 2 });

    for (const name of ["HomePage", "About", "WhyWorkWithMe", "PageWords"]) {
      const expected = Object.fromEntries(contentFile(name).map((i) => [i.title_fld, i.data]));
      if (name === "HomePage") expected.MainTitle = "Owner's headline";
      expect(texts(store, name)).toEqual(expected);
    }
    // HomePage: the label and the button; About: its heading; Why: heading and three columns.
    expect(added).toBe(2 + 1 + 7 + contentFile("PageWords").length);
  });

  test("runs once: a text the owner removes afterwards stays removed", () => {
    const { db, store } = oldStore();
    seedWords(db, store, { now: 0 });
    store.remove("PageWords", "pause-logos");

    expect(seedWords(db, store, { now: 0 })).toBe(0);
    expect(store.getItem("PageWords", "pause-logos")).toBeNull();
  });

  test("a fresh store already has every text and gets nothing twice", () => {
    const db = openTestDb();
    const store = createItemsStore(db);
    seedContent(store, { now: 0 });
    expect(seedWords(db, store, { now: 0 })).toBe(0);
    expect(store.count("PageWords", ALL)).toBe(contentFile("PageWords").length);
  });
});
