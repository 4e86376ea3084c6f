/**
 * A deleted item brought back from the history joins the draft once. The draft may already hold
 * a row for it: the owner's edit of an item someone else deleted, kept after a refused save. That
 * row keeps the owner's text and is now conditioned on the item brought back, and an open
 * conflict about it names that item as the stored version.
 */
import { type Draft, type Row, rowFromItem } from "./draft.ts";
import { type ItemData, idOf, sameContent } from "./item-data.ts";
import type { Conflict } from "./rebase.ts";

export function bringBackIntoDraft(draft: Draft, item: ItemData): Draft {
  const id = idOf(item);
  const isItsRow = (row: Row) => id !== null && row.id === id;
  const rebased = (row: Row) =>
    sameContent(row.data, row.base) ? rowFromItem(item) : { ...row, base: item };
  return {
    rows: draft.rows.some(isItsRow)
      ? draft.rows.map((row) => (isItsRow(row) ? rebased(row) : row))
      : [...draft.rows, rowFromItem(item)],
    removed: draft.removed.filter((row) => !isItsRow(row)),
  };
}

/** A conflict that the item brought back settles (the owner's text says the same) is dropped. */
export function bringBackIntoConflicts(conflicts: readonly Conflict[], item: ItemData): Conflict[] {
  const id = idOf(item);
  return conflicts.flatMap((conflict) => {
    if (id === null || (idOf(conflict.mine) ?? idOf(conflict.stored)) !== id) return [conflict];
    return sameContent(conflict.mine, item) ? [] : [{ ...conflict, stored: item }];
  });
}
