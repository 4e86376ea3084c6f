/**
 * @module The editor's view of pending changes (drafts): the live items with the
 * pending puts laid over them, the baseline a draft edit is measured against, and the changes
 * "Save as draft" sends. Pure functions.
 */
import type { Kind } from "@consultant/site-content";
import { KIND_ADAPTERS } from "@consultant/site-content/editor";
import type { PendingChange, PendingChangeInput } from "../api/drafts-api.ts";
import type { Draft, Row } from "./draft.ts";
import { type ItemData, idOf } from "./item-data.ts";
import { hasChanges, planSave } from "./plan-save.ts";

/** An item's pending put and remove, if any. */
export type ItemPending = { put?: PendingChange; remove?: PendingChange };

export function pendingByItem(changes: readonly PendingChange[]): Map<string, ItemPending> {
  const byItem = new Map<string, ItemPending>();
  for (const change of changes) {
    byItem.set(change.itemId, { ...byItem.get(change.itemId), [change.kind]: change });
  }
  return byItem;
}

/** The item a row edits: its stored id, or the id a draft gave a new item. */
export function rowItemId(row: Row): string | null {
  return row.id ?? idOf(row.data);
}

/**
 * The loaded draft with the pending puts shown: a live row takes its draft's data (its base
 * stays the live item, the version a Save is conditioned on); an item only in a draft is a new
 * row. Rows follow the page's order.
 */
export function withPending(kind: Kind, live: Draft, changes: readonly PendingChange[]): Draft {
  const pending = pendingByItem(changes);
  const rows: Row[] = live.rows.map((row) => {
    const put = row.id === null ? undefined : pending.get(row.id)?.put;
    return put?.data ? { ...row, data: put.data } : row;
  });
  const liveIds = new Set(live.rows.map((row) => row.id));
  for (const change of changes) {
    if (change.kind === "put" && change.data && !liveIds.has(change.itemId)) {
      rows.push({ key: change.itemId, id: null, base: null, data: change.data });
    }
  }
  const sorted = KIND_ADAPTERS[kind].sort(rows.map((row) => row.data));
  return { rows: sorted.flatMap((data) => rows.filter((row) => row.data === data)), removed: [] };
}

/** The draft as last kept: each row's base is its pending put's data when it has one. */
function againstPending(draft: Draft, pending: Map<string, ItemPending>): Draft {
  return {
    ...draft,
    rows: draft.rows.map((row) => {
      const itemId = rowItemId(row);
      const put = itemId === null ? undefined : pending.get(itemId)?.put;
      return put?.data ? { ...row, id: itemId, base: put.data } : row;
    }),
  };
}

/** Items only in a pending put that the owner took out of the list. */
function droppedNewItems(draft: Draft, changes: readonly PendingChange[]): string[] {
  const shown = new Set(draft.rows.map(rowItemId));
  const live = new Set(
    [...draft.rows, ...draft.removed].flatMap((row) => (row.base ? [row.id] : [])),
  );
  return changes
    .filter(
      (change) => change.kind === "put" && !shown.has(change.itemId) && !live.has(change.itemId),
    )
    .map((change) => change.itemId);
}

/** Whether the owner changed anything since the live items and the drafts were loaded. */
export function hasDraftChanges(
  kind: Kind,
  draft: Draft,
  changes: readonly PendingChange[],
): boolean {
  return (
    hasChanges(kind, againstPending(draft, pendingByItem(changes))) ||
    droppedNewItems(draft, changes).length > 0
  );
}

export type DraftPlan = {
  /** Sent with PUT /admin/api/drafts. */
  changes: PendingChangeInput[];
  /** Pending puts to throw away (items removed before they ever went live). */
  discardPuts: string[];
};

/** What "Save as draft" sends: a put per new or edited item, a remove per removed live item. */
export function planDraftSave(
  kind: Kind,
  draft: Draft,
  changes: readonly PendingChange[],
  newId: () => string = () => crypto.randomUUID(),
): DraftPlan {
  const pending = pendingByItem(changes);
  const plan: DraftPlan = { changes: [], discardPuts: droppedNewItems(draft, changes) };
  const keepSchedule = (itemId: string) => {
    const publishAt = pending.get(itemId)?.put?.publishAt;
    return publishAt ? { publishAt } : {};
  };
  const put = (itemId: string, data: ItemData) =>
    plan.changes.push({
      itemId,
      kind: "put",
      data: { ...data, _id: itemId },
      ...keepSchedule(itemId),
    });
  for (const op of planSave(kind, againstPending(draft, pending))) {
    if (op.type === "insert") put(idOf(op.data) ?? newId(), op.data);
    else if (op.type === "update") put(op.id, op.data);
    else {
      plan.changes.push({ itemId: op.id, kind: "remove" });
      if (pending.get(op.id)?.put) plan.discardPuts.push(op.id);
    }
  }
  return plan;
}

/** The items' names as the editor shows them, and the live ones (those a schedule can take off). */
export function itemNames(kind: Kind, draft: Draft, changes: readonly PendingChange[]) {
  const adapter = KIND_ADAPTERS[kind];
  const names = new Map<string, string>();
  for (const change of changes)
    if (change.data) names.set(change.itemId, adapter.name(change.data));
  for (const row of [...draft.removed, ...draft.rows]) {
    const itemId = rowItemId(row);
    if (itemId !== null) names.set(itemId, adapter.name(row.data));
  }
  const live = draft.rows.flatMap((row) =>
    row.id !== null && row.base !== null ? [{ id: row.id, name: adapter.name(row.data) }] : [],
  );
  return {
    liveItems: adapter.list ? live : [],
    nameOf: (itemId: string) => names.get(itemId) ?? "A removed item",
  };
}

/** The rows the owner changed since the kept draft: a live save sends only theirs. */
export function editedRowKeys(
  kind: Kind,
  draft: Draft,
  changes: readonly PendingChange[],
): Set<string> {
  return new Set(
    planSave(kind, againstPending(draft, pendingByItem(changes))).map((op) => op.rowKey),
  );
}

/**
 * After a live save (the draft rebased on the stored items): the drafts left are laid over again,
 * except on `kept` rows (refused ones keep the owner's text).
 */
export function relayPending(
  draft: Draft,
  changes: readonly PendingChange[],
  kept: ReadonlySet<string>,
): Draft {
  const pending = pendingByItem(changes);
  const rows = draft.rows.map((row) => {
    const put = row.id === null || kept.has(row.key) ? undefined : pending.get(row.id)?.put;
    return put?.data ? { ...row, data: put.data } : row;
  });
  const shown = new Set([...rows, ...draft.removed].map(rowItemId));
  for (const change of changes) {
    if (change.kind === "put" && change.data && !shown.has(change.itemId)) {
      rows.push({ key: change.itemId, id: null, base: null, data: change.data });
    }
  }
  return { ...draft, rows };
}
