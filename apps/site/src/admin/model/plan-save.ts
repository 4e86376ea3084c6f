/**
 * Turns a draft into the data-items calls that save it. Every update and remove carries the
 * version the owner loaded, so the store refuses it if the item changed meanwhile.
 */
import { type Kind, orderOf } from "@consultant/site-content";
import { KIND_ADAPTERS } from "@consultant/site-content/editor";
import type { Draft, Row } from "./draft.ts";
import { type ItemData, idOf, sameContent, versionOf, withoutSystemFields } from "./item-data.ts";

export type SaveOp =
  | { type: "remove"; rowKey: string; id: string; expectedUpdatedDate: string | null }
  | {
      type: "update";
      rowKey: string;
      id: string;
      data: ItemData;
      expectedUpdatedDate: string | null;
    }
  | { type: "insert"; rowKey: string; data: ItemData };

/**
 * `order` values for rows in display order: strictly increasing, keeping each row's current
 * value when it still fits, so a small change rewrites few items.
 */
export function assignOrders(current: readonly (number | undefined)[]): number[] {
  const orders: number[] = [];
  let previous = 0;
  for (const value of current) {
    const next = value !== undefined && value > previous ? value : Math.floor(previous) + 1;
    orders.push(next);
    previous = next;
  }
  return orders;
}

/** The rows' data as they will be stored (with `order` for ordered collections). */
function finalRows(kind: Kind, draft: Draft): { row: Row; data: ItemData }[] {
  if (!KIND_ADAPTERS[kind].list) return draft.rows.map((row) => ({ row, data: row.data }));
  const orders = assignOrders(draft.rows.map((row) => orderOf(row.data)));
  return draft.rows.map((row, index) => ({ row, data: { ...row.data, order: orders[index] } }));
}

export function planSave(kind: Kind, draft: Draft): SaveOp[] {
  const ops: SaveOp[] = draft.removed.flatMap((row): SaveOp[] =>
    row.id === null
      ? []
      : [
          {
            type: "remove",
            rowKey: row.key,
            id: row.id,
            expectedUpdatedDate: versionOf(row.base),
          },
        ],
  );
  for (const { row, data } of finalRows(kind, draft)) {
    if (row.id === null) {
      // An id survives when the owner recreates an item another tab removed.
      const id = idOf(data);
      ops.push({
        type: "insert",
        rowKey: row.key,
        data: { ...withoutSystemFields(data), ...(id === null ? {} : { _id: id }) },
      });
    } else if (!sameContent(data, row.base)) {
      ops.push({
        type: "update",
        rowKey: row.key,
        id: row.id,
        data: { ...withoutSystemFields(data), _id: row.id },
        expectedUpdatedDate: versionOf(row.base),
      });
    }
  }
  return ops;
}

/** The collection as the page would show it after saving, for the preview. */
export function previewItems(kind: Kind, draft: Draft): ItemData[] {
  return finalRows(kind, draft).map(({ data }) => data);
}

const UNKNOWN = Number.MAX_SAFE_INTEGER;

/**
 * Whether the owner changed anything: a row added, removed, edited or moved. The `order` a save
 * would give items stored without one (inserted through the API, say) is not a change of theirs.
 */
export function hasChanges(kind: Kind, draft: Draft): boolean {
  if (draft.removed.length > 0 || draft.rows.some((row) => row.base === null)) return true;
  const stored = draft.rows
    .flatMap((row) => (row.base === null ? [] : [{ ...row, data: row.base }]))
    .sort((a, b) => (a.loadedAt ?? UNKNOWN) - (b.loadedAt ?? UNKNOWN));
  const loaded = KIND_ADAPTERS[kind]
    .sort(stored.map((row) => row.data))
    .flatMap((data) => stored.filter((row) => row.data === data));
  const asLoaded = finalRows(kind, { rows: loaded, removed: [] });
  return finalRows(kind, draft).some(
    ({ row, data }, index) =>
      row.id !== asLoaded[index]?.row.id || !sameContent(data, asLoaded[index].data),
  );
}
