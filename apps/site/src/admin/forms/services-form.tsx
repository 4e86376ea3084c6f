import { readService, withService } from "@consultant/site-content";
import { Button } from "../../components/ui/button.tsx";
import { type Row, setRowData } from "../model/draft.ts";
import type { CollectionFormProps } from "./form-props.ts";
import { RemovedRows } from "./removed-rows.tsx";
import { ServiceEditor } from "./service-editor.tsx";
import { useRowList } from "./use-row-list.ts";

function describeService(row: Row): string {
  const title = readService(row.data).title.trim();
  return title ? `“${title}”` : "an untitled service";
}

/** Services: one card each; add, remove and reorder cards (saved as each item's `order`). */
export function ServicesForm(props: CollectionFormProps) {
  const { collectionId, draft, errors, onChange, onHistory } = props;
  const list = useRowList(props, {
    kind: "services",
    firstField: "title",
    describe: describeService,
  });

  return (
    <div className="flex flex-col gap-5">
      {draft.rows.map((row, index) => (
        <ServiceEditor
          key={row.key}
          collectionId={collectionId}
          row={row}
          index={index}
          count={draft.rows.length}
          errors={errors}
          onFields={(fields) => onChange(setRowData(draft, row.key, withService(row.data, fields)))}
          onMove={(delta) => list.move(row, index, delta)}
          onRemove={() => list.remove(row, index)}
          onHistory={() => onHistory(row)}
        />
      ))}
      <div>
        <Button variant="outline" id={list.addId} onClick={list.add}>
          + Add a service
        </Button>
      </div>
      <RemovedRows rows={draft.removed} describe={describeService} onUndo={list.undo} />
    </div>
  );
}
