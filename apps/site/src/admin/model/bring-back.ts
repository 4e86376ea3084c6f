/**
 * A deleted item brought back from the history joins the draft once. The draft may already hold
 * a row for it: the owner's edit of an item someone else deleted, kept after a refused save. That
 * row keeps the owner's text and is now conditioned on the item brought back, and an open
 * conflict about it names that item as the stored version.
 */
import { type Draft, rowFromItem } from "./draft.ts";
import { type ItemData, idOf, sameContent } from "./item-data.ts";
import type { Conflict } from "./rebase.ts";

export function bringBackIntoDraft(draft: Draft, item: ItemData): Draft {
  const id = idOf(item);
  const removed = draft.removed.filter((row) => id === null || row.id !== id);
  if (id === null || !draft.rows.some((row) => row.id === id)) {
    return { rows: [...draft.rows, rowFromItem(item)], removed };
  }
  return {
    rows: draft.rows.map((row) => {
      if (row.id !== id) return row;
      return sameContent(row.data, row.base) ? rowFromItem(item) : { ...row, base: item };
    }),
    removed,
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
