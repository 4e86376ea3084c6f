/**
 * @module The registry's collections in the database: each one exists, with the read access the
 * registry gives it (writes stay admin-only). Runs on every open, so a collection added to
 * `@consultant/site-content` needs no migration; items are never touched.
 */
import { COLLECTION_NAMES, COLLECTIONS } from "@consultant/site-content";
import { COLLECTION_LABELS } from "@consultant/site-content/editor";
import { forgetAccess } from "./access-store.ts";
import type { Db } from "./sql-db.ts";

/** Creates missing collections and sets every registry collection's read role. */
export function syncSiteCollections(db: Db): void {
  const insertCollection = db.prepare(
    "INSERT INTO collections (id, display_name) VALUES (@id, @label) ON CONFLICT (id) DO NOTHING",
  );
  const setReadRole = db.prepare(
    `INSERT INTO collection_permissions (collection_id, read_role) VALUES (@id, @read)
     ON CONFLICT (collection_id) DO UPDATE SET read_role = excluded.read_role`,
  );
  db.transaction(() => {
    for (const id of COLLECTION_NAMES) {
      insertCollection.run({ id, label: COLLECTION_LABELS[id].label });
      setReadRole.run({ id, read: COLLECTIONS[id].read });
    }
  })();
  forgetAccess(db);
}
