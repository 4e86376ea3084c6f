import { Button } from "../../components/ui/button.tsx";
import type { Row } from "../model/draft.ts";

export type RemovedRowsProps = {
  rows: Row[];
  describe: (row: Row) => string;
  onUndo: (row: Row) => void;
};

/** Items removed in this draft, until saved: each can be put back. */
export function RemovedRows({ rows, describe, onUndo }: RemovedRowsProps) {
  if (rows.length === 0) return null;
  return (
    <section
      aria-label="Removed, not saved yet"
      className="rounded-xl border border-dashed border-line-strong p-4"
    >
      <h3 className="text-sm font-semibold text-muted">Removed (saving will delete them)</h3>
      <ul className="mt-2 flex flex-col gap-2">
        {rows.map((row) => (
          <li key={row.key} className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm line-through decoration-muted">{describe(row)}</span>
            <Button
              size="xs"
              variant="ghost"
              aria-label={`Undo removing ${describe(row)}`}
              onClick={() => onUndo(row)}
            >
              Undo
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
