import { readService, type ServiceFields } from "@consultant/site-content";
import { LIMITS } from "@consultant/site-content/editor";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useFocusLater } from "../../components/ui/use-focus-later.ts";
import { moveInList, type Row } from "../model/draft.ts";
import { type FieldErrors, fieldKey } from "../model/validate.ts";
import { domId, fieldId } from "./field-ids.ts";
import { HistoryButton, moveButtonId, RowControls } from "./row-controls.tsx";
import { TextField } from "./text-field.tsx";

export type ServiceEditorProps = {
  collectionId: string;
  row: Row;
  index: number;
  count: number;
  errors: FieldErrors;
  onFields: (fields: Partial<ServiceFields>) => void;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  onHistory: () => void;
};

/** One service card: title, subtitle, and its details (add, remove, reorder). */
export function ServiceEditor({
  collectionId,
  row,
  index,
  count,
  errors,
  onFields,
  onMove,
  onRemove,
  onHistory,
}: ServiceEditorProps) {
  const focusLater = useFocusLater();
  const announce = useAnnounce();
  const service = readService(row.data);
  const name = service.title.trim() ? `“${service.title.trim()}”` : `service ${index + 1}`;
  const field = (path: string) => fieldId(collectionId, row.key, path);
  const detailControls = (detail: number) => domId("detail", collectionId, row.key, String(detail));
  const addDetailId = domId("add-detail", collectionId, row.key);
  const { details } = service;

  function setDetail(detail: number, patch: Partial<ServiceFields["details"][number]>) {
    onFields({
      details: details.map((item, at) => (at === detail ? { ...item, ...patch } : item)),
    });
  }

  function moveDetail(detail: number, delta: -1 | 1) {
    onFields({ details: moveInList(details, detail, delta) });
    focusLater(moveButtonId(detailControls(detail + delta), delta));
    announce(`Moved detail to position ${detail + delta + 1} of ${details.length}`);
  }

  function removeDetail(detail: number) {
    onFields({ details: details.filter((_, at) => at !== detail) });
    const next = details.length > 1 ? Math.min(detail, details.length - 2) : -1;
    focusLater(next === -1 ? addDetailId : field(`details.${next}.heading`));
    announce(`Removed detail ${detail + 1} of ${name}`);
  }

  function addDetail() {
    onFields({ details: [...details, { heading: "", text: "" }] });
    focusLater(field(`details.${details.length}.heading`));
  }

  return (
    <fieldset className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <legend className="px-1 font-serif text-lg font-semibold">
        Service {index + 1}
        {service.title.trim() ? `: ${service.title.trim()}` : ""}
      </legend>
      <div className="flex flex-col gap-4">
        <TextField
          id={field("title")}
          label="Title"
          value={service.title}
          max={LIMITS.serviceTitle}
          required
          error={errors[fieldKey(row.key, "title")]}
          onChange={(title) => onFields({ title })}
        />
        <TextField
          id={field("subtitle")}
          label="Subtitle"
          value={service.subtitle}
          max={LIMITS.serviceSubtitle}
          error={errors[fieldKey(row.key, "subtitle")]}
          onChange={(subtitle) => onFields({ subtitle })}
        />
        <div>
          <h3 className="text-sm font-semibold">Details (shown under “More Information”)</h3>
          <ol className="mt-2 flex flex-col gap-3">
            {details.map((detail, at) => (
              // Details have no ids of their own; focus is moved by position after each change.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={at} className="rounded-lg border border-line bg-paper/60 p-3">
                <fieldset className="flex flex-col gap-3">
                  <legend className="mb-2 text-sm font-semibold text-muted">Detail {at + 1}</legend>
                  <TextField
                    id={field(`details.${at}.heading`)}
                    label="Heading"
                    value={detail.heading}
                    max={LIMITS.detailHeading}
                    required
                    error={errors[fieldKey(row.key, `details.${at}.heading`)]}
                    onChange={(heading) => setDetail(at, { heading })}
                  />
                  <TextField
                    id={field(`details.${at}.text`)}
                    label="Text"
                    value={detail.text}
                    multiline
                    rows={3}
                    max={LIMITS.detailText}
                    required
                    error={errors[fieldKey(row.key, `details.${at}.text`)]}
                    onChange={(value) => setDetail(at, { text: value })}
                  />
                  <RowControls
                    idPrefix={detailControls(at)}
                    name={`detail ${at + 1} of ${name}`}
                    index={at}
                    count={details.length}
                    onMove={(delta) => moveDetail(at, delta)}
                    onRemove={() => removeDetail(at)}
                  />
                </fieldset>
              </li>
            ))}
          </ol>
          <Button
            variant="outline"
            id={addDetailId}
            size="xs"
            className="mt-3"
            aria-label={`Add a detail to ${name}`}
            onClick={addDetail}
          >
            + Add a detail
          </Button>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
          <RowControls
            idPrefix={domId("row", collectionId, row.key)}
            name={name}
            index={index}
            count={count}
            onMove={onMove}
            onRemove={onRemove}
            removeLabel="Remove service"
          />
          <HistoryButton row={row} name={name} onHistory={onHistory} />
        </div>
      </div>
    </fieldset>
  );
}
