import { readTextItem, withText } from "@consultant/site-content";
import { textFieldFor } from "@consultant/site-content/editor";
import { Button } from "../../components/ui/button.tsx";
import { PendingBadge } from "../drafts/pending-badge.tsx";
import { setRowData } from "../model/draft.ts";
import { fieldKey } from "../model/validate.ts";
import { fieldId } from "./field-ids.ts";
import type { CollectionFormProps } from "./form-props.ts";
import { TextField } from "./text-field.tsx";

/** HomePage, About, WhyWorkWithMe, PageWords: one text per key the page reads. */
export function TextItemsForm({
  collectionId,
  draft,
  errors,
  onChange,
  onHistory,
}: CollectionFormProps) {
  if (draft.rows.length === 0) {
    return <p className="text-muted">This collection has no items yet.</p>;
  }
  return (
    <div className="flex flex-col gap-5">
      {draft.rows.map((row) => {
        const { key, text } = readTextItem(row.data);
        const field = textFieldFor(key);
        return (
          <section key={row.key} className="rounded-xl border border-line bg-surface p-4 sm:p-5">
            <TextField
              id={fieldId(collectionId, row.key, "data")}
              label={field.label}
              value={text}
              multiline={field.multiline}
              rows={field.max > 500 ? 9 : 3}
              max={field.max}
              required
              hint={field.hint}
              error={errors[fieldKey(row.key, "data")]}
              onChange={(value) => onChange(setRowData(draft, row.key, withText(row.data, value)))}
            />
            {row.id !== null ? (
              <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
                <PendingBadge row={row} />
                <Button
                  size="xs"
                  variant="ghost"
                  aria-label={`History of ${field.label}`}
                  onClick={() => onHistory(row)}
                >
                  History
                </Button>
              </div>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
