import {
  type PictureSlot,
  readPicture,
  SINGLE_PICTURE_IDS,
  withPictureAlt,
} from "@consultant/site-content";
import { LIMITS } from "@consultant/site-content/editor";
import { type Draft, type Row, setRowData } from "../model/draft.ts";
import { type ItemData, idOf } from "../model/item-data.ts";
import { fieldKey } from "../model/validate.ts";
import type { CollectionFormProps } from "./form-props.ts";
import { PictureUpload } from "./picture-upload.tsx";
import { RemovedRows } from "./removed-rows.tsx";
import { HistoryButton, RowControls } from "./row-controls.tsx";
import { TextField } from "./text-field.tsx";
import { useRowList } from "./use-row-list.ts";

const SINGLES = [
  { slot: "portrait", name: "portrait", heading: "Portrait", none: "the page shows none" },
  { slot: "logo", name: "logo", heading: "Logo", none: "the page shows none" },
  {
    slot: "logo-dark",
    name: "dark-scheme logo",
    heading: "Logo for the dark scheme (optional)",
    none: "in the dark scheme the page shows the logo above. Upload a light variant if a dark logo would vanish on a dark background",
  },
] as const satisfies readonly { slot: PictureSlot; name: string; heading: string; none: string }[];

function describe(row: Row): string {
  const alt = typeof row.data.alt === "string" ? row.data.alt.trim() : "";
  return alt === "" ? "a picture" : `“${alt}”`;
}

/**
 * The uploaded picture in the draft, as an unsaved change: it replaces its row's file and text
 * (the row keeps the live item as its base) or joins at the end as a new row; a removed row it
 * replaces comes back.
 */
function withUploaded(draft: Draft, item: ItemData): Draft {
  const id = idOf(item);
  const removed = draft.removed.find((row) => row.id === id);
  const rows = removed ? [...draft.rows, removed] : draft.rows;
  const exists = rows.some((row) => (row.id ?? idOf(row.data)) === id);
  return {
    rows: exists
      ? rows.map((row) =>
          (row.id ?? idOf(row.data)) === id
            ? {
                ...row,
                data: {
                  ...item,
                  ...(row.data.order === undefined ? {} : { order: row.data.order }),
                },
              }
            : row,
        )
      : [...rows, { key: id ?? `upload-${rows.length}`, id: null, base: null, data: item }],
    removed: draft.removed.filter((row) => row.id !== id),
  };
}

function Preview({ row }: { row: Row }) {
  const picture = readPicture(row.data);
  if (picture === null) return <p className="text-sm text-muted">No file.</p>;
  return (
    <img
      src={picture.src}
      alt=""
      width={picture.width}
      height={picture.height}
      className="h-24 w-auto max-w-full rounded border border-line bg-paper object-contain"
    />
  );
}

/**
 * Pictures: the portrait and the logo (replace, describe, remove) and the client logos of the
 * strip (add, replace, describe, reorder, remove). A file is checked and kept by the store at once
 * but, like the texts, the order and removals, reaches the page only when saved or published.
 */
export function PicturesForm(props: CollectionFormProps) {
  const { api, collectionId, draft, errors, onChange, onHistory } = props;
  const list = useRowList(props, { kind: "pictures", firstField: "alt", describe });
  const logos = draft.rows.filter((row) => row.data.slot === "client-logo");
  const uploaded = (item: ItemData) => onChange(withUploaded(draft, item));

  function altField(row: Row, label: string) {
    return (
      <TextField
        id={list.firstFieldId(row)}
        label={label}
        value={typeof row.data.alt === "string" ? row.data.alt : ""}
        max={LIMITS.pictureAlt}
        required
        error={errors[fieldKey(row.key, "alt")]}
        onChange={(value) => onChange(setRowData(draft, row.key, withPictureAlt(row.data, value)))}
      />
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {SINGLES.map(({ slot, name, heading, none }) => {
        const row = draft.rows.find((candidate) => candidate.id === SINGLE_PICTURE_IDS[slot]);
        const index = row ? draft.rows.indexOf(row) : -1;
        return (
          <section
            key={slot}
            aria-labelledby={`${collectionId}-${slot}-heading`}
            className="rounded-xl border border-line bg-surface p-4"
          >
            <h3 id={`${collectionId}-${slot}-heading`} className="text-lg font-semibold">
              {heading}
            </h3>
            {row ? (
              <div className="mt-3 flex flex-col gap-3">
                <Preview row={row} />
                {altField(row, `Text for visitors who cannot see the ${name}`)}
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <RowControls
                    idPrefix={list.controlsId(row)}
                    name={`the ${name}`}
                    index={0}
                    count={1}
                    onMove={() => {}}
                    onRemove={() => list.remove(row, index)}
                  />
                  <HistoryButton row={row} name={`the ${name}`} onHistory={() => onHistory(row)} />
                </div>
              </div>
            ) : (
              <p className="mt-2 text-sm text-muted">
                No {name}: {none}.
              </p>
            )}
            <div className="mt-4">
              <PictureUpload
                api={api}
                slot={slot}
                legend={row ? `Replace the ${name}` : `Upload a ${name}`}
                initialAlt={typeof row?.data.alt === "string" ? row.data.alt : ""}
                onUploaded={uploaded}
              />
            </div>
          </section>
        );
      })}
      <section
        aria-labelledby={`${collectionId}-logos-heading`}
        className="rounded-xl border border-line bg-surface p-4"
      >
        <h3 id={`${collectionId}-logos-heading`} className="text-lg font-semibold">
          Client logos
        </h3>
        <p className="mt-1 text-sm text-muted">Shown in the strip, in this order.</p>
        <ol className="mt-3 flex flex-col gap-3">
          {logos.map((row, position) => (
            <li key={row.key} className="rounded-lg border border-line p-3">
              <div className="flex flex-col gap-3">
                <Preview row={row} />
                {altField(row, `Client logo ${position + 1}: the client's name`)}
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <RowControls
                    idPrefix={list.controlsId(row)}
                    name={`client logo ${position + 1}`}
                    index={position}
                    count={logos.length}
                    onMove={(delta) => list.move(row, draft.rows.indexOf(row), delta)}
                    onRemove={() => list.remove(row, draft.rows.indexOf(row))}
                  />
                  <HistoryButton
                    row={row}
                    name={`client logo ${position + 1}`}
                    onHistory={() => onHistory(row)}
                  />
                </div>
                {row.id === null ? null : (
                  <details>
                    <summary className="cursor-pointer text-sm font-semibold text-accent-strong">
                      Replace client logo {position + 1}
                    </summary>
                    <div className="mt-2">
                      <PictureUpload
                        api={api}
                        slot="client-logo"
                        legend={`Replace client logo ${position + 1}`}
                        initialAlt={typeof row.data.alt === "string" ? row.data.alt : ""}
                        replaceId={row.id}
                        onUploaded={uploaded}
                      />
                    </div>
                  </details>
                )}
              </div>
            </li>
          ))}
        </ol>
        <div className="mt-4">
          <PictureUpload
            api={api}
            slot="client-logo"
            legend="Add a client logo"
            initialAlt=""
            onUploaded={uploaded}
          />
        </div>
      </section>
      <RemovedRows rows={draft.removed} describe={describe} onUndo={list.undo} />
    </div>
  );
}
