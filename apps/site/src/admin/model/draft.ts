/**
 * The owner's unsaved edits of one collection: rows in display order (each with the stored
 * item it started from) and the stored rows the owner removed. Pure functions; the editor
 * keeps a draft per collection so switching collections loses nothing.
 */
import type { Kind } from "@consultant/site-content";
import { KIND_ADAPTERS } from "@consultant/site-content/editor";
import { type ItemData, idOf } from "./item-data.ts";

export type Row = {
  /** Stable React key: the item id, or `new-N` until the first save. */
  key: string;
  /** The stored item's id; null for a row the owner added. */
  id: string | null;
  /** The stored item this row started from (its `_updatedDate` is the save condition). */
  base: ItemData | null;
  /** The edited item data. */
  data: ItemData;
  /** Where the row stood when the collection was loaded (items without an `order` keep store order). */
  loadedAt?: number;
};

export type Draft = { rows: Row[]; removed: Row[] };

export function rowFromItem(data: ItemData): Row {
  const id = idOf(data) ?? "";
  return { key: id, id, base: data, data };
}

/** Stored items as rows, in the order the page shows them. */
export function rowsFromItems(kind: Kind, items: readonly ItemData[]): Row[] {
  return KIND_ADAPTERS[kind]
    .sort(items)
    .map((item, loadedAt) => ({ ...rowFromItem(item), loadedAt }));
}

export function draftFromItems(kind: Kind, items: readonly ItemData[]): Draft {
  return { rows: rowsFromItems(kind, items), removed: [] };
}

export function emptyItem(kind: Kind): ItemData {
  return KIND_ADAPTERS[kind].empty();
}

export function setRowData(draft: Draft, key: string, data: ItemData): Draft {
  return { ...draft, rows: draft.rows.map((row) => (row.key === key ? { ...row, data } : row)) };
}

export function addRow(draft: Draft, key: string, data: ItemData): Draft {
  return { ...draft, rows: [...draft.rows, { key, id: null, base: null, data }] };
}

/** Removes a row; a stored one is remembered so the save removes it (and undo brings it back). */
export function removeRow(draft: Draft, key: string): Draft {
  const row = draft.rows.find((candidate) => candidate.key === key);
  if (row === undefined) return draft;
  return {
    rows: draft.rows.filter((candidate) => candidate.key !== key),
    removed: row.id === null ? draft.removed : [...draft.removed, row],
  };
}

export function undoRemove(draft: Draft, key: string): Draft {
  const row = draft.removed.find((candidate) => candidate.key === key);
  if (row === undefined) return draft;
  return {
    rows: [...draft.rows, row],
    removed: draft.removed.filter((candidate) => candidate.key !== key),
  };
}

/** Moves a row by `delta` places, within bounds. */
export function moveRow(draft: Draft, key: string, delta: number): Draft {
  const from = draft.rows.findIndex((row) => row.key === key);
  const to = from + delta;
  if (from === -1 || to < 0 || to >= draft.rows.length) return draft;
  return { ...draft, rows: moveInList(draft.rows, from, delta) };
}

/** Moves an element of an array by `delta` places, within bounds. */
export function moveInList<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}
