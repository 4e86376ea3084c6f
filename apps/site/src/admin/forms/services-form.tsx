import {
  addRow,
  emptyItem,
  moveRow,
  type Row,
  removeRow,
  setRowData,
  undoRemove,
} from "../model/draft.ts";
import { serviceOf, withService } from "../model/service-data.ts";
import { useAnnounce } from "../ui/announcer.tsx";
import { Button } from "../ui/button.tsx";
import { useFocusLater } from "../ui/use-focus-later.ts";
import { domId, fieldId } from "./field-ids.ts";
import type { CollectionFormProps } from "./form-props.ts";
import { RemovedRows } from "./removed-rows.tsx";
import { ServiceEditor } from "./service-editor.tsx";

function describeService(row: Row): string {
  const title = serviceOf(row.data).title.trim();
  return title ? `“${title}”` : "an untitled service";
}

/** Services: one card each; add, remove and reorder cards (saved as each item's `order`). */
export function ServicesForm({
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
    focusLater(`${domId("row", collectionId, row.key)}-${delta < 0 ? "up" : "down"}`);
    announce(`Moved ${describeService(row)} to position ${index + delta + 1} of ${count}`);
  }

  function remove(row: Row, index: number) {
    onChange(removeRow(draft, row.key));
    const next = draft.rows[index + 1] ?? draft.rows[index - 1];
    focusLater(next ? fieldId(collectionId, next.key, "title") : addId);
    announce(`Removed ${describeService(row)}. Save to delete it, or undo below.`);
  }

  function add() {
    const key = newKey();
    onChange(addRow(draft, key, emptyItem("services")));
    focusLater(fieldId(collectionId, key, "title"));
  }

  return (
    <div className="flex flex-col gap-5">
      {draft.rows.map((row, index) => (
        <ServiceEditor
          key={row.key}
          collectionId={collectionId}
          row={row}
          index={index}
          count={count}
          errors={errors}
          onFields={(fields) => onChange(setRowData(draft, row.key, withService(row.data, fields)))}
          onMove={(delta) => move(row, index, delta)}
          onRemove={() => remove(row, index)}
          onHistory={() => onHistory(row)}
        />
      ))}
      <div>
        <Button id={addId} onClick={add}>
          + Add a service
        </Button>
      </div>
      <RemovedRows
        rows={draft.removed}
        describe={describeService}
        onUndo={(row) => {
          onChange(undoRemove(draft, row.key));
          focusLater(fieldId(collectionId, row.key, "title"));
        }}
      />
    </div>
  );
}
