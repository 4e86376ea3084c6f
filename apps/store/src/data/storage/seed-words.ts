/**
 * @module The page's words for a database seeded before they were content: the text
 * items of the sample content whose key the collection lacks are added, once per database, so an
 * upgraded store shows the same page as before. Texts the owner has (edited or not) are kept;
 * a text the owner removes later is not brought back.
 */
import { COLLECTION_NAMES, kindOf } from "@consultant/site-content";
import type { Db } from "../../platform/db/sql-db.ts";
import { parseFilter } from "../../platform/query/parse-filter.ts";
import { SITE_OWNER_ID } from "../../platform/site-owner.ts";
import { SAMPLE_CONTENT_DIR } from "../../platform/store-paths.ts";
import type { ItemData, ItemsStore } from "./items-store.ts";
import { readContentFile } from "./seed.ts";

const FLAG = "words_seeded";
const ALL = parseFilter({});

const keyOf = (data: ItemData): unknown => data.title_fld;

/** The default text items whose key (`title_fld`) and id no stored item has. */
export function missingTexts(
  stored: readonly ItemData[],
  defaults: readonly ItemData[],
): ItemData[] {
  const keys = new Set(stored.map(keyOf));
  const ids = new Set(stored.map((data) => data._id));
  return defaults.filter((data) => !keys.has(keyOf(data)) && !ids.has(data._id));
}

/** @returns how many texts it added now (0 when this database had them already). */
export function seedWords(
  db: Db,
  store: ItemsStore,
  options: { now: number; contentDir?: string },
): number {
  const contentDir = options.contentDir ?? SAMPLE_CONTENT_DIR;
  const textCollections = COLLECTION_NAMES.filter((name) => kindOf(name) === "texts");
  const defaults = textCollections.map((name) => ({
    name,
    items: readContentFile(`${contentDir}/${name}.json`),
  }));
  // Claiming the flag first decides which of several nodes starting together adds the texts.
  return store.transaction(() => {
    const claimed = db.prepare("UPDATE meta SET value = 1 WHERE key = ? AND value = 0").run(FLAG);
    if (claimed.changes === 0 || !store.isSeeded()) return 0;
    let added = 0;
    for (const { name, items } of defaults) {
      const stored = store
        .query({ collectionId: name, filter: ALL, sort: [], offset: 0, limit: null })
        .map((item) => item.data);
      for (const data of missingTexts(stored, items)) {
        store.insert(name, data, { now: options.now, ownerId: SITE_OWNER_ID });
        added += 1;
      }
    }
    return added;
  });
}
