/**
 * @module Reads and validates an export directory's items (`<Collection>.json`, each an array of
 * item data with system fields) before anything is imported. Every problem names its file.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { ItemData } from "../data/index.ts";
import { COLLECTION_ID_PATTERN, checkDepth, MAX_ITEM_BYTES } from "../data/index.ts";
import { MAX_ITEM_ID_LENGTH } from "../platform/query/request-fields.ts";
import { dateOf, isPlainObject } from "../platform/query/values.ts";

/** A problem with one file; the message starts with the file name. */
export class ContentFileError extends Error {
  readonly file: string;
  readonly problem: string;

  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "ContentFileError";
    this.file = file;
    this.problem = problem;
  }
}

export type ImportedItem = {
  /** Null when the file gives none (the import generates one). */
  id: string | null;
  data: ItemData;
  createdAt: number | null;
  updatedAt: number | null;
  ownerId: string | null;
};

export type ContentFile = { collectionId: string; file: string; items: ImportedItem[] };

function readSystemDate(data: ItemData, field: string, fail: (p: string) => never): number | null {
  if (!Object.hasOwn(data, field)) return null;
  const ms = dateOf(data[field]);
  if (ms === null) fail(`${field} must be {"$date": "<ISO-8601 date-time>"}`);
  return ms;
}

function readItem(raw: unknown, index: number, file: string): ImportedItem {
  const fail = (problem: string): never => {
    throw new ContentFileError(file, `item ${index}: ${problem}`);
  };
  if (!isPlainObject(raw)) return fail("must be an object");
  const id = raw._id;
  if (id !== undefined && (typeof id !== "string" || id === "" || id.length > MAX_ITEM_ID_LENGTH)) {
    fail(`_id must be a non-empty string of at most ${MAX_ITEM_ID_LENGTH} characters`);
  }
  const tooDeep = checkDepth(raw, "item");
  if (tooDeep) fail(tooDeep.description);
  const bytes = Buffer.byteLength(JSON.stringify(raw));
  if (bytes > MAX_ITEM_BYTES) fail(`is ${bytes} bytes; an item may be at most ${MAX_ITEM_BYTES}`);
  const owner = raw._ownerId;
  if (owner !== undefined && typeof owner !== "string") fail("_ownerId must be a string");
  return {
    id: typeof id === "string" ? id : null,
    data: raw,
    createdAt: readSystemDate(raw, "_createdDate", fail),
    updatedAt: readSystemDate(raw, "_updatedDate", fail),
    ownerId: typeof owner === "string" ? owner : null,
  };
}

/** Parses and validates one collection file's text. */
export function parseContentFile(text: string, file: string): ImportedItem[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ContentFileError(file, `is not valid JSON (${(error as Error).message})`);
  }
  if (!Array.isArray(parsed)) throw new ContentFileError(file, "must be a JSON array of items");
  const items = parsed.map((raw, index) => readItem(raw, index, file));
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    if (item.id === null) return;
    const first = seen.get(item.id);
    if (first !== undefined) {
      throw new ContentFileError(
        file,
        `items ${first} and ${index} have the same _id [${item.id}]`,
      );
    }
    seen.set(item.id, index);
  });
  return items;
}

/**
 * Reads every `<Collection>.json` in `dir` (not the `.collection.json` definitions). Collections
 * without a file are left out (an import leaves them unchanged); a file whose name is not a
 * collection id is an error.
 * @throws ContentFileError for the first bad file; Error when the directory cannot be read.
 */
export function readContentDir(dir: string): ContentFile[] {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith(".json") && !name.endsWith(".collection.json"))
    .sort();
  return names.map((file) => {
    const collectionId = file.slice(0, -".json".length);
    if (!COLLECTION_ID_PATTERN.test(collectionId)) {
      throw new ContentFileError(
        file,
        "is not named after a collection (a letter, then letters, digits, _ or -, at most 64)",
      );
    }
    let text: string;
    try {
      text = readFileSync(join(dir, file), "utf8");
    } catch (error) {
      throw new ContentFileError(file, `cannot be read (${(error as Error).message})`);
    }
    return { collectionId, file, items: parseContentFile(text, file) };
  });
}
