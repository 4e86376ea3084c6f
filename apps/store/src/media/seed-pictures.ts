/**
 * @module The sample pictures: their files are copied from the repo's `content/media/` into
 * `DATA_DIR/media`, and a database seeded before the Pictures collection existed gets the sample
 * items once (so a fresh or upgraded store looks as before). Pictures the owner removed later
 * are not brought back.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { ItemsStore } from "../data/index.ts";
import { readContentFile } from "../data/index.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { SITE_OWNER_ID } from "../platform/site-owner.ts";
import { SAMPLE_CONTENT_DIR } from "../platform/store-paths.ts";
import { MEDIA_NAME, type MediaExtension, type MediaFiles } from "./media-files.ts";
import { PICTURES_COLLECTION } from "./picture-routes.ts";

const FLAG = "pictures_seeded";

/** @returns whether it seeded the sample pictures now. */
export function seedPictures(
  db: Db,
  store: ItemsStore,
  media: MediaFiles,
  options: { now: number; contentDir?: string },
): boolean {
  const flag = db.prepare<[string], { value: number }>("SELECT value FROM meta WHERE key = ?");
  if (flag.get(FLAG)?.value === 1) return false;
  const contentDir = options.contentDir ?? SAMPLE_CONTENT_DIR;
  const sampleMedia = join(contentDir, "media");
  if (existsSync(sampleMedia)) {
    for (const name of readdirSync(sampleMedia).filter((file) => MEDIA_NAME.test(file))) {
      const extension = extname(name).slice(1) as MediaExtension;
      if (media.pathOf(name) === null)
        media.write(readFileSync(join(sampleMedia, name)), extension);
    }
  }
  // Claiming the flag first decides which of several nodes starting together adds the items.
  return store.transaction(() => {
    const claimed = db.prepare("UPDATE meta SET value = 1 WHERE key = ? AND value = 0").run(FLAG);
    if (claimed.changes === 0) return false;
    const empty =
      store.count(PICTURES_COLLECTION, { type: "and", nodes: [] }) === 0 && store.isSeeded();
    if (empty) {
      for (const data of readContentFile(join(contentDir, `${PICTURES_COLLECTION}.json`))) {
        store.insert(PICTURES_COLLECTION, data, { now: options.now, ownerId: SITE_OWNER_ID });
      }
    }
    return true;
  });
}
