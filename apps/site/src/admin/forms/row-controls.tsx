import { Button } from "../../components/ui/button.tsx";
import { PendingBadge } from "../drafts/pending-badge.tsx";
import type { Row } from "../model/draft.ts";
import { idOf } from "../model/item-data.ts";

/** The id of the Up (-1) or Down (1) button of the controls with `idPrefix`. */
export function moveButtonId(idPrefix: string, delta: -1 | 1): string {
  return `${idPrefix}-${delta < 0 ? "up" : "down"}`;
}

export type RowControlsProps = {
  /** Prefix of the buttons' ids, so focus can follow a moved row. */
  idPrefix: string;
  /** What the buttons act on, for their accessible names ("line 2", "detail “Reporting”"). */
  name: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  removeLabel?: string;
};

/** Move up, move down and remove: reordering by keyboard, no dragging needed. */
export function RowControls({
  idPrefix,
  name,
  index,
  count,
  onMove,
  onRemove,
  removeLabel = "Remove",
}: RowControlsProps) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Button
        id={moveButtonId(idPrefix, -1)}
        size="xs"
        variant="ghost"
        aria-label={`Move ${name} up`}
        aria-disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑ Up
      </Button>
      <Button
        id={moveButtonId(idPrefix, 1)}
        size="xs"
        variant="ghost"
        aria-label={`Move ${name} down`}
        aria-disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓ Down
      </Button>
      <Button
        id={`${idPrefix}-remove`}
        size="xs"
        variant="danger"
        aria-label={`${removeLabel} ${name}`}
        onClick={onRemove}
      >
        {removeLabel}
      </Button>
    </div>
  );
}

/** A stored row's History button; a row added in this draft has no history yet. */
export function HistoryButton({
  row,
  name,
  onHistory,
}: {
  row: Row;
  name: string;
  onHistory: () => void;
}) {
  if (row.id === null && idOf(row.data) !== null) return <PendingBadge row={row} />;
  return row.id !== null ? (
    <>
      <PendingBadge row={row} />
      <Button size="xs" variant="ghost" aria-label={`History of ${name}`} onClick={onHistory}>
        History
      </Button>
    </>
  ) : (
    <span className="text-xs text-muted">New, not saved yet</span>
  );
}
