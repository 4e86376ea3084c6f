import { Button } from "../ui/button.tsx";

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
        id={`${idPrefix}-up`}
        size="sm"
        variant="ghost"
        aria-label={`Move ${name} up`}
        aria-disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑ Up
      </Button>
      <Button
        id={`${idPrefix}-down`}
        size="sm"
        variant="ghost"
        aria-label={`Move ${name} down`}
        aria-disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓ Down
      </Button>
      <Button
        id={`${idPrefix}-remove`}
        size="sm"
        variant="danger"
        aria-label={`${removeLabel} ${name}`}
        onClick={onRemove}
      >
        {removeLabel}
      </Button>
    </div>
  );
}
