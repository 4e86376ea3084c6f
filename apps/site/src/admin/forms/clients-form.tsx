import { readClientLine, withClientLine } from "@consultant/site-content";
import { LIMITS } from "@consultant/site-content/editor";
import { Button } from "../../components/ui/button.tsx";
import { type Row, setRowData } from "../model/draft.ts";
import { fieldKey } from "../model/validate.ts";
import type { CollectionFormProps } from "./form-props.ts";
import { RemovedRows } from "./removed-rows.tsx";
import { HistoryButton, RowControls } from "./row-controls.tsx";
import { TextField } from "./text-field.tsx";
import { useRowList } from "./use-row-list.ts";

function describeLine(row: Row): string {
  const line = readClientLine(row.data).trim();
  return line === "" ? "an empty line" : `“${line}”`;
}

/** Clients: the lines of the list; add, remove and reorder (saved as each item's `order`). */
export function ClientsForm(props: CollectionFormProps) {
  const { draft, errors, onChange, onHistory } = props;
  const list = useRowList(props, {
    kind: "clients",
    firstField: "itemData",
    describe: describeLine,
  });
  const count = draft.rows.length;

  return (
    <div className="flex flex-col gap-4">
      <ol className="flex flex-col gap-3">
        {draft.rows.map((row, index) => (
          <li key={row.key} className="rounded-xl border border-line bg-surface p-4">
            <TextField
              id={list.firstFieldId(row)}
              label={`Line ${index + 1}`}
              value={readClientLine(row.data)}
              max={LIMITS.clientLine}
              required
              error={errors[fieldKey(row.key, "itemData")]}
              onChange={(value) =>
                onChange(setRowData(draft, row.key, withClientLine(row.data, value)))
              }
            />
            <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
              <RowControls
                idPrefix={list.controlsId(row)}
                name={`line ${index + 1}`}
                index={index}
                count={count}
                onMove={(delta) => list.move(row, index, delta)}
                onRemove={() => list.remove(row, index)}
              />
              <HistoryButton
                row={row}
                name={`line ${index + 1}`}
                onHistory={() => onHistory(row)}
              />
            </div>
          </li>
        ))}
      </ol>
      <div>
        <Button variant="outline" id={list.addId} onClick={list.add}>
          + Add a line
        </Button>
      </div>
      <RemovedRows rows={draft.removed} describe={describeLine} onUndo={list.undo} />
    </div>
  );
}
