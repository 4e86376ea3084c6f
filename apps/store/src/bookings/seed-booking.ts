/**
 * @module The sample introductory call (`content/booking/introductory-call.json`: the owner's
 * schedule, a policy and the service, in the wire shapes of docs/protocol.md §14), added once per
 * database: the first start that claims meta's `booking_seeded` flag adds it, so a service the
 * owner deletes stays deleted and several nodes starting together add it once.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../platform/db/sql-db.ts";
import { SAMPLE_CONTENT_DIR } from "../platform/store-paths.ts";
import { createCatalogService } from "./catalog-service.ts";
import { createCatalogStore } from "./catalog-store.ts";
import { objectAt } from "./wire-input.ts";

const FLAG = "booking_seeded";

/**
 * Whether no start has added the sample yet. A store's first start adds it in a process of its
 * own (`npm run store -- seed-booking`): checking its zone loads luxon and ICU's zone data, which
 * would otherwise stay in the serving process (docs/benchmarks.md, idle memory).
 */
export function bookingSeedPending(db: Db): boolean {
  const row = db
    .prepare<[string], { value: number | string }>("SELECT value FROM meta WHERE key = ?")
    .get(FLAG);
  return row !== undefined && Number(row.value) === 0;
}

/** @returns whether it added the sample now. */
export function seedBooking(db: Db, options: { now: () => number; contentDir?: string }): boolean {
  const catalog = createCatalogService(createCatalogStore(db), options.now);
  const contentDir = options.contentDir ?? SAMPLE_CONTENT_DIR;
  const sample = JSON.parse(
    readFileSync(join(contentDir, "booking", "introductory-call.json"), "utf8"),
  ) as unknown;
  return db.transaction(() => {
    const claimed = db.prepare("UPDATE meta SET value = 1 WHERE key = ? AND value = 0").run(FLAG);
    if (claimed.changes === 0) return false;
    if (catalog.schedule() === null) catalog.putSampleSchedule(objectAt(sample, "schedule"));
    const policy = catalog.createPolicy(objectAt(sample, "bookingPolicy"), true);
    const service = objectAt(sample, "service");
    catalog.createService({ ...service, bookingPolicy: { id: policy.id } });
    return true;
  })();
}
