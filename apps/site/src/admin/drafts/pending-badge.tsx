import { createContext, useContext } from "react";
import { formatTime } from "../items/item-summary.tsx";
import type { Row } from "../model/draft.ts";
import { type ItemPending, rowItemId } from "../model/pending.ts";

/** The collection's pending changes by item id, for the badges in the forms' rows. */
export const PendingContext = createContext<ReadonlyMap<string, ItemPending>>(new Map());

/** What a row's pending changes mean, in words ("Scheduled for 1 Dec 2026, 09:00"). */
export function pendingNotes({ put, remove }: ItemPending): string[] {
  const notes: string[] = [];
  if (put) {
    notes.push(put.publishAt ? `Scheduled for ${formatTime(put.publishAt)}` : "Not published yet");
  }
  if (remove) {
    notes.push(
      remove.publishAt
        ? `Comes off the page ${formatTime(remove.publishAt)}`
        : "Comes off the page when published",
    );
  }
  return notes;
}

/** A row's "Draft" badge and its schedule, when the row has pending changes. */
export function PendingBadge({ row }: { row: Row }) {
  const pending = useContext(PendingContext);
  const itemId = rowItemId(row);
  const changes = itemId === null ? undefined : pending.get(itemId);
  if (!changes) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm">
      <span className="rounded-full bg-warn-soft px-2.5 py-0.5 text-xs font-semibold text-ink">
        Draft
      </span>
      <span className="text-muted">{pendingNotes(changes).join(" · ")}</span>
    </span>
  );
}
