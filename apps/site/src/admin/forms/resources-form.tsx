import { readResource, withResource } from "@consultant/site-content";
import { LIMITS } from "@consultant/site-content/editor";
import { Button } from "../../components/ui/button.tsx";
import { type Row, setRowData } from "../model/draft.ts";
import { fieldKey } from "../model/validate.ts";
import { fieldId } from "./field-ids.ts";
import type { CollectionFormProps } from "./form-props.ts";
import { MemberField } from "./member-field.tsx";
import { RemovedRows } from "./removed-rows.tsx";
import { HistoryButton, RowControls } from "./row-controls.tsx";
import { TextField } from "./text-field.tsx";
import { useRowList } from "./use-row-list.ts";

function describeResource(row: Row): string {
  const title = readResource(row.data).title.trim();
  return title ? `“${title}”` : "an untitled resource";
}

/** Client resources: a title, a text, a link and the member it is shared with; add, remove, reorder. */
export function ResourcesForm(props: CollectionFormProps) {
  const { collectionId, draft, errors, onChange, onHistory } = props;
  const list = useRowList(props, {
    kind: "resources",
    firstField: "title",
    describe: describeResource,
  });
  const count = draft.rows.length;

  return (
    <div className="flex flex-col gap-4">
      {count === 0 ? <p className="text-muted">No resources yet.</p> : null}
      <ol className="flex flex-col gap-3">
        {draft.rows.map((row, index) => {
          const resource = readResource(row.data);
          const name = `resource ${index + 1}`;
          const field = (path: string) => fieldId(collectionId, row.key, path);
          const set = (fields: Partial<typeof resource>) =>
            onChange(setRowData(draft, row.key, withResource(row.data, fields)));
          return (
            <li key={row.key}>
              <fieldset className="flex flex-col gap-4 rounded-xl border border-line bg-surface p-4">
                <legend className="px-1 font-serif text-lg font-semibold">
                  Resource {index + 1}
                  {resource.title.trim() ? `: ${resource.title.trim()}` : ""}
                </legend>
                <TextField
                  id={field("title")}
                  label="Title"
                  value={resource.title}
                  max={LIMITS.resourceTitle}
                  required
                  error={errors[fieldKey(row.key, "title")]}
                  onChange={(title) => set({ title })}
                />
                <TextField
                  id={field("text")}
                  label="Text"
                  value={resource.text}
                  multiline
                  rows={3}
                  max={LIMITS.resourceText}
                  error={errors[fieldKey(row.key, "text")]}
                  onChange={(text) => set({ text })}
                />
                <TextField
                  id={field("url")}
                  label="Link"
                  value={resource.url}
                  max={LIMITS.resourceUrl}
                  hint="A full web address, such as https://example.com/notes"
                  error={errors[fieldKey(row.key, "url")]}
                  onChange={(url) => set({ url })}
                />
                <MemberField
                  id={field("memberId")}
                  value={resource.memberId}
                  error={errors[fieldKey(row.key, "memberId")]}
                  onChange={(memberId) => set({ memberId })}
                />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <RowControls
                    idPrefix={list.controlsId(row)}
                    name={name}
                    index={index}
                    count={count}
                    onMove={(delta) => list.move(row, index, delta)}
                    onRemove={() => list.remove(row, index)}
                  />
                  <HistoryButton row={row} name={name} onHistory={() => onHistory(row)} />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <Button variant="outline" id={list.addId} onClick={list.add}>
          + Add a resource
        </Button>
      </div>
      <RemovedRows rows={draft.removed} describe={describeResource} onUndo={list.undo} />
    </div>
  );
}
