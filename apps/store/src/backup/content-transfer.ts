/**
 * @module The owner's escape hatch: export every collection to `<Collection>.json`, with the
 * definition of each collection made over the wire in `<Collection>.collection.json`, and import
 * such files back, all or nothing. An import first creates the collections the files name (a
 * definition file's, or the default definition: content-definitions.ts) and applies changed
 * definitions, then makes each collection with an items file hold exactly the file's items: new
 * ids are added (keeping the file's system dates), changed items updated, items missing from the
 * file removed. `dryRun` computes the same plan and changes nothing.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type {
  CollectionDefinition,
  CollectionsStore,
  ItemData,
  ItemsStore,
} from "../data/index.ts";
import { isSiteCollection, jsonEquals } from "../data/index.ts";
import type { FilterNode } from "../platform/query/types.ts";
import { wellFormed } from "../platform/query/values.ts";
import { SITE_OWNER_ID } from "../platform/site-owner.ts";
import {
  DEFINITION_SUFFIX,
  defaultDefinition,
  definitionFileOf,
  readDefinitionDir,
} from "./content-definitions.ts";
import {
  type ContentFile,
  ContentFileError,
  type ImportedItem,
  readContentDir,
} from "./content-files.ts";

const SYSTEM_FIELDS = ["_id", "_createdDate", "_updatedDate", "_ownerId"];
const MATCH_ALL: FilterNode = { type: "and", nodes: [] };

export type CollectionChanges = {
  collectionId: string;
  /** Present when the import creates the collection or changes its definition. */
  definition?: "created" | "updated";
  added: string[];
  updated: string[];
  removed: string[];
};

function allItems(store: ItemsStore, collectionId: string) {
  return store.query({ collectionId, filter: MATCH_ALL, sort: [], offset: 0, limit: null });
}

function writeJsonFile(file: string, value: unknown): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(temporary, file);
}

/**
 * Writes `<Collection>.json` for every collection, and `<Collection>.collection.json` for each
 * one made over the wire (the site's own are defined by its registry); returns the item count
 * per collection.
 */
export function exportContent(
  store: ItemsStore,
  dir: string,
  collections: CollectionsStore,
): Record<string, number> {
  mkdirSync(dir, { recursive: true });
  const counts: Record<string, number> = {};
  for (const collectionId of store.collectionIds()) {
    const items = allItems(store, collectionId).map((item) => item.data);
    writeJsonFile(join(dir, `${collectionId}.json`), items);
    const stored = isSiteCollection(collectionId) ? null : collections.get(collectionId);
    if (stored !== null) {
      writeJsonFile(join(dir, `${collectionId}${DEFINITION_SUFFIX}`), definitionFileOf(stored));
    }
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

type DefinitionPlan = {
  collectionId: string;
  change: "created" | "updated";
  apply: () => void;
};

function sameDefinition(a: CollectionDefinition, b: CollectionDefinition): boolean {
  const keep = ({ displayName, displayField, fields, permissions }: CollectionDefinition) => ({
    displayName,
    displayField,
    fields,
    permissions,
  });
  return jsonEquals(keep(a), keep(b));
}

/** The collections to create (named by a file) and the definitions to change. */
function planDefinitions(
  collections: CollectionsStore,
  names: readonly string[],
  definitionFiles: ReturnType<typeof readDefinitionDir>,
  now: number,
): DefinitionPlan[] {
  const byId = new Map(definitionFiles.map((entry) => [entry.collectionId, entry]));
  return names.flatMap((collectionId): DefinitionPlan[] => {
    const entry = byId.get(collectionId);
    if (entry !== undefined && isSiteCollection(collectionId)) {
      throw new ContentFileError(
        entry.file,
        "is one of the site's own collections, which the site's registry defines",
      );
    }
    const stored = collections.get(collectionId);
    if (stored === null) {
      const definition = entry?.definition ?? defaultDefinition(collectionId);
      return [
        {
          collectionId,
          change: "created",
          apply: () => {
            collections.insert(definition, now);
          },
        },
      ];
    }
    if (entry === undefined || sameDefinition(stored, entry.definition)) return [];
    return [
      {
        collectionId,
        change: "updated",
        apply: () => {
          collections.replace(entry.definition, stored.revision, now);
        },
      },
    ];
  });
}

/**
 * Validates every file in `dir`, then applies all changes in one transaction (unless dryRun):
 * collections first, then items.
 * @throws ContentFileError naming the first bad file; nothing is changed then.
 */
export function importContent(
  store: ItemsStore,
  dir: string,
  options: { dryRun: boolean; now: number; collections: CollectionsStore },
): CollectionChanges[] {
  const files = readContentDir(dir);
  const definitionFiles = readDefinitionDir(dir);
  const names = [
    ...new Set([...files, ...definitionFiles].map((file) => file.collectionId)),
  ].sort();
  return store.transaction(() => {
    const definitions = planDefinitions(options.collections, names, definitionFiles, options.now);
    const plans = files.map((file) => planCollection(store, file, options.now));
    if (!options.dryRun) {
      for (const definition of definitions) definition.apply();
      for (const plan of plans) plan.apply();
    }
    const changes = new Map(plans.map((plan) => [plan.changes.collectionId, plan.changes]));
    return names.flatMap((collectionId) => {
      const definition = definitions.find((entry) => entry.collectionId === collectionId);
      const items = changes.get(collectionId) ?? {
        collectionId,
        added: [],
        updated: [],
        removed: [],
      };
      if (definition === undefined) return changes.has(collectionId) ? [items] : [];
      const { collectionId: _, ...rest } = items;
      return [{ collectionId, definition: definition.change, ...rest }];
    });
  });
}
