import { LIMITS } from "../model/collections.ts";
import {
  addRow,
  emptyItem,
  moveRow,
  type Row,
  removeRow,
  setRowData,
  undoRemove,
} from "../model/draft.ts";
import { text } from "../model/item-data.ts";
import { fieldKey } from "../model/validate.ts";
import { useAnnounce } from "../ui/announcer.tsx";
import { Button } from "../ui/button.tsx";
import { useFocusLater } from "../ui/use-focus-later.ts";
import { domId, fieldId } from "./field-ids.ts";
import type { CollectionFormProps } from "./form-props.ts";
import { RemovedRows } from "./removed-rows.tsx";
import { RowControls } from "./row-controls.tsx";
import { TextField } from "./text-field.tsx";

function describeLine(row: Row): string {
  const line = text(row.data.itemData).trim();
  return line === "" ? "an empty line" : `“${line}”`;
}

/** Clients: the lines of the list; add, remove and reorder (saved as each item's `order`). */
export function ClientsForm({
  collectionId,
  draft,
  errors,
  onChange,
  onHistory,
  newKey,
}: CollectionFormProps) {
  const focusLater = useFocusLater();
  const announce = useAnnounce();
  const count = draft.rows.length;
  const addId = domId("add", collectionId);

  function move(row: Row, index: number, delta: -1 | 1) {
    onChange(moveRow(draft, row.key, delta));
    focusLater(domId("row", collectionId, row.key, delta < 0 ? "up" : "down"));
    announce(`Moved ${describeLine(row)} to position ${index + delta + 1} of ${count}`);
  }

  function remove(row: Row, index: number) {
    onChange(removeRow(draft, row.key));
    const next = draft.rows[index + 1] ?? draft.rows[index - 1];
    focusLater(next ? fieldId(collectionId, next.key, "itemData") : addId);
    announce(`Removed ${describeLine(row)}. Save to delete it, or undo below.`);
  }

  function add() {
    const key = newKey();
    onChange(addRow(draft, key, emptyItem("clients")));
    focusLater(fieldId(collectionId, key, "itemData"));
  }

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3">
        {draft.rows.map((row, index) => (
          <li key={row.key} className="rounded-xl border border-line bg-surface p-4">
            <TextField
              id={fieldId(collectionId, row.key, "itemData")}
              label={`Line ${index + 1}`}
              value={text(row.data.itemData)}
              max={LIMITS.clientLine}
              required
              error={errors[fieldKey(row.key, "itemData")]}
              onChange={(value) =>
                onChange(setRowData(draft, row.key, { ...row.data, itemData: value }))
              }
            />
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <RowControls
                idPrefix={domId("row", collectionId, row.key)}
                name={`line ${index + 1}`}
                index={index}
                count={count}
                onMove={(delta) => move(row, index, delta)}
                onRemove={() => remove(row, index)}
              />
              {row.id !== null ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`History of line ${index + 1}`}
                  onClick={() => onHistory(row)}
                >
                  History
                </Button>
              ) : (
                <span className="text-xs text-muted">New, not saved yet</span>
              )}
            </div>
          </li>
        ))}
      </ol>
      <div>
        <Button id={addId} onClick={add}>
          + Add a line
        </Button>
      </div>
      <RemovedRows
        rows={draft.removed}
        describe={describeLine}
        onUndo={(row) => {
          onChange(undoRemove(draft, row.key));
          focusLater(fieldId(collectionId, row.key, "itemData"));
        }}
      />
    </div>
  );
}
