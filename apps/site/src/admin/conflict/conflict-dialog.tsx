import type { Kind } from "@consultant/site-content";
import { Button } from "../../components/ui/button.tsx";
import { Dialog } from "../../components/ui/dialog.tsx";
import { formatTime, ItemSummary } from "../items/item-summary.tsx";
import { versionOf } from "../model/item-data.ts";
import type { Conflict } from "../model/rebase.ts";

export type ConflictDialogProps = {
  kind: Kind;
  conflicts: Conflict[];
  onKeepMine: (conflict: Conflict) => void;
  onUseStored: (conflict: Conflict) => void;
  onClose: () => void;
};

/** A refused stale save: both versions side by side, and the owner decides for each item. */
export function ConflictDialog({
  kind,
  conflicts,
  onKeepMine,
  onUseStored,
  onClose,
}: ConflictDialogProps) {
  return (
    <Dialog title="This changed somewhere else" onClose={onClose} wide>
      <div role="alert" className="rounded-lg bg-warn-soft p-3 text-sm">
        <p className="font-semibold">
          Not saved: someone saved a newer version after you opened it (for example in another tab).
        </p>
        <p className="mt-1">
          Nothing was overwritten. For each item, choose which version to keep.
        </p>
      </div>
      <ul className="mt-4 flex flex-col gap-5">
        {conflicts.map((conflict) => {
          const storedAt = versionOf(conflict.stored);
          return (
            <li key={conflict.rowKey} className="rounded-xl border border-line p-4">
              <div className="grid gap-4 md:grid-cols-2">
                <section aria-label="Your version" className="rounded-lg bg-accent-soft/60 p-3">
                  <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-accent-strong">
                    Your version
                  </h3>
                  <ItemSummary kind={kind} data={conflict.mine} />
                </section>
                <section aria-label="Stored version" className="rounded-lg bg-paper p-3">
                  <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted">
                    Stored version{storedAt ? `, saved ${formatTime(storedAt)}` : ""}
                  </h3>
                  <ItemSummary kind={kind} data={conflict.stored} />
                </section>
              </div>
              <div className="mt-3 flex flex-wrap justify-end gap-2">
                <Button variant="outline" onClick={() => onUseStored(conflict)}>
                  Use the stored version
                </Button>
                <Button variant="primary" onClick={() => onKeepMine(conflict)}>
                  {conflict.mine === null ? "Remove it anyway" : "Save my version"}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </Dialog>
  );
}
