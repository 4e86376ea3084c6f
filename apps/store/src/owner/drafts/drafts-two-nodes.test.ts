/**
 * Two real store processes on one PostgreSQL database, each running its scheduler: many
 * changes due at one moment each go live exactly once (one publication record, one history
 * entry, no version purged twice at the CDN), none before its time, whichever node claims it.
 * How soon after its time is a property of one node's timer (publishing.test.ts, on Vitest's
 * clock); here the delay is only printed, as two processes on a busy machine set it.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createItemsStore } from "../../data/storage/items-store.ts";
import {
  type PurgeReceiver,
  startPurgeReceiver,
  until,
} from "../../main/test-kit/purge-receiver.ts";
import { TEST_DATABASE_URL } from "../../main/test-kit/test-db.ts";
import { clusterTitle, NO_POSTGRES, useTwoStoreProcesses } from "../../main/test-kit/two-nodes.ts";
import { openPgDb } from "../../platform/db/postgres/open-pg.ts";
import type { PgDb } from "../../platform/db/postgres/pg-db.ts";
import { createDraftsStore } from "../storage/drafts-store.ts";

const UPDATES = 40;
const REMOVALS = 20;
/** Longer than a node's purge poll (5 s): a late duplicate purge would have arrived. */
const SETTLE_MS = 6000;

let db: PgDb;
let receiver: PurgeReceiver;

describe.skipIf(NO_POSTGRES !== null)(
  clusterTitle("scheduled publishing on two store processes"),
  () => {
    beforeAll(async () => {
      receiver = await startPurgeReceiver();
    });
    afterAll(() => receiver?.close());
    const two = useTwoStoreProcesses(() => ({
      env: { CDN_PURGE_URL: receiver.url },
      together: true,
    }));
    beforeAll(() => {
      db = openPgDb({ url: TEST_DATABASE_URL, schema: two.cluster.schema });
    });
    afterAll(() => db?.close());

    test(`${UPDATES + REMOVALS} changes due at once go live once each, none before its time`, async () => {
      const store = createItemsStore(db);
      const drafts = createDraftsStore(db);
      const ids = Array.from({ length: UPDATES + REMOVALS }, (_, i) => `scheduled-${i}`);
      const setupAt = Date.now();
      for (const id of ids) {
        store.insert(
          "Clients",
          { _id: id, itemData: `Before ${id}` },
          { now: setupAt, ownerId: "o" },
        );
      }
      const setupVersion = store.contentVersion();
      const publishAt = Date.now() + 2500;
      drafts.transaction(() => {
        ids.forEach((id, index) => {
          drafts.save({
            collectionId: "Clients",
            itemId: id,
            kind: index < UPDATES ? "put" : "remove",
            data: index < UPDATES ? { _id: id, itemData: `After ${id}` } : null,
            publishAt,
            savedBy: "owner",
            savedAt: setupAt,
            scheduledBy: "owner",
          });
        });
      });
      await until(() => drafts.list(null).length === 0, 10_000);
      expect(drafts.list(null)).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

      const records = drafts.publications("Clients");
      expect(records).toHaveLength(ids.length);
      expect(new Set(records.map((record) => `${record.itemId} ${record.kind}`)).size).toBe(
        ids.length,
      );
      const latest = Math.max(...records.map((record) => record.publishedAt));
      console.log(
        `two nodes: ${ids.length} due changes, the last live ${latest - publishAt} ms after its time`,
      );
      expect(Math.min(...records.map((record) => record.publishedAt))).toBeGreaterThanOrEqual(
        publishAt,
      );

      const history = db
        .prepare<[], { item_id: string; change: string }>(
          "SELECT item_id, change FROM item_history WHERE collection_id = 'Clients' AND item_id LIKE 'scheduled-%'",
        )
        .all();
      expect(history).toHaveLength(ids.length);
      expect(new Set(history.map((entry) => entry.item_id)).size).toBe(ids.length);
      ids.forEach((id, index) => {
        const item = store.getItem("Clients", id);
        if (index < UPDATES) expect(item?.data.itemData).toBe(`After ${id}`);
        else expect(item).toBeNull();
      });

      const purged = receiver.notices
        .map((notice) => notice.contentVersion)
        .filter((version) => version > setupVersion);
      console.log(`two nodes: ${purged.length} purge calls for ${ids.length} changes`);
      expect(purged.length).toBeGreaterThan(0);
      expect(purged.length).toBeLessThanOrEqual(ids.length);
      expect(new Set(purged).size).toBe(purged.length);
      expect(Math.max(...purged)).toBe(store.contentVersion());
    }, 60_000);
  },
);
