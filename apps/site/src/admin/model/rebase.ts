/**
 * After a save: the stored items become the new draft, except rows whose call failed, which
 * keep the owner's version so nothing typed is lost. Rows refused because the stored item
 * changed become conflicts, unless the stored item already equals the owner's version.
 */
import { type Kind, orderOf } from "@consultant/site-content";
import { type Draft, type Row, rowFromItem, rowsFromItems } from "./draft.ts";
import { type ItemData, idOf, sameContent } from "./item-data.ts";

export type Conflict = {
  rowKey: string;
  /** The owner's version, or null when the owner removed the item. */
  mine: ItemData | null;
  /** The stored version, or null when it was removed elsewhere. */
  stored: ItemData | null;
};

export type SaveFailure = "conflict" | "error";

export function rebaseDraft(
  kind: Kind,
  draft: Draft,
  fresh: readonly ItemData[],
  failures: ReadonlyMap<string, SaveFailure>,
): { draft: Draft; conflicts: Conflict[] } {
  const storedById = new Map(fresh.map((data) => [idOf(data), data]));
  const conflicts: Conflict[] = [];
  const keptRows = new Map<string, Row>();
  const keptRemovals: Row[] = [];

  const stillConflicting = (row: Row, mine: ItemData | null): boolean => {
    const stored = row.id === null ? null : (storedById.get(row.id) ?? null);
    if (failures.get(row.key) !== "conflict") return true;
    if (mine === null ? stored === null : sameContent(mine, stored)) return false;
    conflicts.push({ rowKey: row.key, mine, stored });
    return true;
  };

  for (const row of draft.rows) {
    if (failures.has(row.key) && stillConflicting(row, row.data)) keptRows.set(row.key, row);
  }
  for (const row of draft.removed) {
    if (failures.has(row.key) && stillConflicting(row, null)) keptRemovals.push(row);
  }

  const removedIds = new Set(keptRemovals.map((row) => row.id));
  const rows = rowsFromItems(kind, fresh)
    .filter((row) => !removedIds.has(row.id))
    .map((row) => keptRows.get(row.key) ?? row);
  const shown = new Set(rows.map((row) => row.key));
  for (const row of keptRows.values()) if (!shown.has(row.key)) rows.push(row);
  return { draft: { rows, removed: keptRemovals }, conflicts };
}

/** The owner keeps their version: it will be saved over the stored one, conditioned on it. */
export function keepMine(draft: Draft, conflict: Conflict): Draft {
  const { stored } = conflict;
  const rebase = (row: Row): Row =>
    stored === null ? { ...row, id: null, base: null } : { ...row, base: stored };
  return {
    rows: draft.rows.map((row) => (row.key === conflict.rowKey ? rebase(row) : row)),
    removed: draft.removed
      .filter((row) => !(row.key === conflict.rowKey && stored === null))
      .map((row) => (row.key === conflict.rowKey ? rebase(row) : row)),
  };
}

/** The owner takes the stored version, dropping theirs for this item. */
export function takeStored(draft: Draft, conflict: Conflict): Draft {
  const { stored } = conflict;
  const rows = draft.rows.filter((row) => row.key !== conflict.rowKey);
  const removed = draft.removed.filter((row) => row.key !== conflict.rowKey);
  if (stored === null) return { rows, removed };
  const storedRow = rowFromItem(stored);
  const at = draft.rows.findIndex((row) => row.key === conflict.rowKey);
  if (at !== -1) {
    rows.splice(at, 0, storedRow);
  } else {
    const order = orderOf(stored);
    const after = rows.findIndex((row) => (orderOf(row.data) ?? Infinity) > (order ?? Infinity));
    rows.splice(after === -1 ? rows.length : after, 0, storedRow);
  }
  return { rows, removed };
}
