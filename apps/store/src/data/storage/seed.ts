/**
 * @module First-start seeding from the repo's `content/<Collection>.json` files. It runs once per
 * database: afterwards the owner's edits and deletions are never overwritten or re-added.
 */
import { readFileSync } from "node:fs";
import { COLLECTION_NAMES } from "@consultant/site-content";
import { SITE_OWNER_ID } from "../../platform/site-owner.ts";
import { SAMPLE_CONTENT_DIR } from "../../platform/store-paths.ts";
import type { ItemData, ItemsStore } from "./items-store.ts";

/** Owner id of seeded items: the site owner (the nil UUID until owner accounts exist). */

const CONTENT_DIR = SAMPLE_CONTENT_DIR;

export type SeedOptions = { now: number; contentDir?: string };

/**
 * Inserts the sample content unless this database was seeded before.
 * @returns whether it seeded.
 * @throws Error when a content file is missing or is not a JSON array of objects.
 */
export function seedContent(store: ItemsStore, options: SeedOptions): boolean {
  if (store.isSeeded()) return false;
  const contentDir = options.contentDir ?? CONTENT_DIR;
  const collections = COLLECTION_NAMES.map((name) => ({
    name,
    items: readContentFile(`${contentDir}/${name}.json`),
  }));
  // Nodes starting together on one new database: the first to claim the flag seeds, the others
  // wait for its commit and find the flag taken.
  return store.transaction(() => {
    if (!store.claimSeed()) return false;
    for (const { name, items } of collections) {
      for (const data of items)
        store.insert(name, data, { now: options.now, ownerId: SITE_OWNER_ID });
    }
    return true;
  });
}

export function readContentFile(file: string): ItemData[] {
  const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
  if (
    !Array.isArray(parsed) ||
    parsed.some((item) => typeof item !== "object" || item === null || Array.isArray(item))
  ) {
    throw new Error(`${file} must be a JSON array of item objects`);
  }
  return parsed as ItemData[];
}
