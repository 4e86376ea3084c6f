import type { Kind } from "@consultant/site-content";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { useFocusLater } from "../../components/ui/use-focus-later.ts";
import { addRow, emptyItem, moveRow, type Row, removeRow, undoRemove } from "../model/draft.ts";
import { domId, fieldId } from "./field-ids.ts";
import type { CollectionFormProps } from "./form-props.ts";
import { moveButtonId } from "./row-controls.tsx";

export type RowListOptions = {
  kind: Kind;
  /** The field that takes focus when a row appears or its neighbour goes away. */
  firstField: string;
  /** The row as the announcements name it ("“Growth Strategy”", "an empty line"). */
  describe: (row: Row) => string;
};

/**
 * Add, move, remove and undo for a form with one row per item (Services, Clients): each
 * changes the draft, then focus follows the row and the change is announced.
 */
export function useRowList(
  { collectionId, draft, onChange, newKey }: CollectionFormProps,
  { kind, firstField, describe }: RowListOptions,
) {
  const focusLater = useFocusLater();
  const announce = useAnnounce();
  const addId = domId("add", collectionId);
  const controlsId = (row: Row) => domId("row", collectionId, row.key);
  const firstFieldId = (row: Row) => fieldId(collectionId, row.key, firstField);

  return {
    addId,
    /** The id prefix of the row's RowControls, so focus can follow a moved row. */
    controlsId,
    firstFieldId,

    move(row: Row, index: number, delta: -1 | 1) {
      onChange(moveRow(draft, row.key, delta));
      focusLater(moveButtonId(controlsId(row), delta));
      announce(`Moved ${describe(row)} to position ${index + delta + 1} of ${draft.rows.length}`);
    },

    remove(row: Row, index: number) {
      onChange(removeRow(draft, row.key));
      const next = draft.rows[index + 1] ?? draft.rows[index - 1];
      focusLater(next ? firstFieldId(next) : addId);
      announce(`Removed ${describe(row)}. Save to delete it, or undo below.`);
    },

    add() {
      const key = newKey();
      onChange(addRow(draft, key, emptyItem(kind)));
      focusLater(fieldId(collectionId, key, firstField));
    },

    undo(row: Row) {
      onChange(undoRemove(draft, row.key));
      focusLater(firstFieldId(row));
    },
  };
}
