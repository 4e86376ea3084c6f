/** @module What the data-items route files share: their dependencies and the wire DataItem. */

import { project } from "../../platform/query/project.ts";
import type { FieldPath } from "../../platform/query/types.ts";
import type { AccessControl } from "../access/access-control.ts";
import type { ItemsStore, StoredItem } from "../storage/items-store.ts";
import type { ReferencesStore } from "../storage/references-store.ts";
import type { ItemWriter } from "./item-writer.ts";
import type { ReferenceWriter } from "./reference-writer.ts";

export type ItemsRouteDeps = {
  store: ItemsStore;
  writer: ItemWriter;
  references: ReferencesStore;
  referenceWriter: ReferenceWriter;
  access: AccessControl;
  /** Signs cursors. */
  cursorKey: Uint8Array;
};

export type WireDataItem = {
  id: string;
  dataCollectionId: string;
  data: Record<string, unknown>;
};

/** The protocol's DataItem envelope (docs/protocol.md §4.1), optionally projected. */
export function toDataItem(item: StoredItem, fields: readonly FieldPath[] = []): WireDataItem {
  return { id: item.id, dataCollectionId: item.collectionId, data: project(item.data, fields) };
}
