/**
 * @module The owner's escape hatch: export every collection to `<Collection>.json`, and import
 * such files back, all or nothing. An import makes each collection with a file hold exactly the
 * file's items: new ids are added (keeping the file's system dates), changed items updated,
 * items missing from the file removed. `dryRun` computes the same plan and changes nothing.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ItemData, ItemsStore } from "../db/items-store.ts";
import { SITE_OWNER_ID } from "../db/seed.ts";
import { jsonEquals } from "../items/patch.ts";
import type { FilterNode } from "../query/types.ts";
import { wellFormed } from "../query/values.ts";
import { type ContentFile, type ImportedItem, readContentDir } from "./content-files.ts";

const SYSTEM_FIELDS = ["_id", "_createdDate", "_updatedDate", "_ownerId"];
const MATCH_ALL: FilterNode = { type: "and", nodes: [] };

export type CollectionChanges = {
  collectionId: string;
  added: string[];
  updated: string[];
  removed: string[];
};

function allItems(store: ItemsStore, collectionId: string) {
  return store.query({ collectionId, filter: MATCH_ALL, sort: [], offset: 0, limit: null });
}

/** Writes `<Collection>.json` for every collection; returns the item count per collection. */
export function exportContent(store: ItemsStore, dir: string): Record<string, number> {
  mkdirSync(dir, { recursive: true });
  const counts: Record<string, number> = {};
  for (const collectionId of store.collectionIds()) {
    const items = allItems(store, collectionId).map((item) => item.data);
    const file = join(dir, `${collectionId}.json`);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(items, null, 2)}\n`);
    renameSync(temporary, file);
    counts[collectionId] = items.length;
  }
  return counts;
}

function ownFields(data: ItemData): ItemData {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !SYSTEM_FIELDS.includes(key)));
}

type Plan = { changes: CollectionChanges; apply: () => void };

function planCollection(store: ItemsStore, file: ContentFile, now: number): Plan {
  const { collectionId } = file;
  const stored = new Map(allItems(store, collectionId).map((item) => [item.id, item]));
  const incoming = file.items.map((item) => ({
    ...item,
    id: item.id === null ? randomUUID() : wellFormed(item.id),
  }));
  const inFile = new Set(incoming.map((item) => item.id));
  const added = incoming.filter((item) => !stored.has(item.id));
  const updated = incoming.filter((item) => {
    const current = stored.get(item.id);
    return current !== undefined && !jsonEquals(ownFields(current.data), ownFields(item.data));
  });
  const removed = [...stored.keys()].filter((id) => !inFile.has(id));
  const insert = (item: ImportedItem & { id: string }) =>
    store.insertExact(collectionId, item.id, ownFields(item.data), {
      createdAt: item.createdAt ?? now,
      updatedAt: item.updatedAt ?? item.createdAt ?? now,
      ownerId: item.ownerId ?? SITE_OWNER_ID,
    });
  return {
    changes: {
      collectionId,
      added: added.map((item) => item.id),
      updated: updated.map((item) => item.id),
      removed,
    },
    apply() {
      for (const id of removed) store.remove(collectionId, id);
      for (const item of updated) store.update(collectionId, item.id, ownFields(item.data), now);
      for (const item of added) insert(item);
    },
  };
}

/**
 * Validates every file in `dir`, then applies all changes in one transaction (unless dryRun).
 * @throws ContentFileError naming the first bad file; nothing is changed then.
 */
export function importContent(
  store: ItemsStore,
  dir: string,
  options: { dryRun: boolean; now: number },
): CollectionChanges[] {
  const files = readContentDir(dir, store.collectionIds());
  return store.transaction(() => {
    const plans = files.map((file) => planCollection(store, file, options.now));
    if (!options.dryRun) for (const plan of plans) plan.apply();
    return plans.map((plan) => plan.changes);
  });
}
