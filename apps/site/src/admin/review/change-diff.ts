/**
 * @module What a draft changes in an item, field by field, in words the owner reads: the
 * texts before and after (nested lists, a service's details say, by their place), a picture's
 * file as one line. Pure.
 */
import type { ItemData } from "../model/item-data.ts";

export type FieldChange = { field: string; before: string; after: string };

/** System fields, the order and the key a text is read by: the owner does not write them. */
const SKIPPED = new Set(["_id", "_createdDate", "_updatedDate", "_owner", "_ownerId", "order"]);
/** A picture's processed files: their change is the picture's own (`src`). */
const PICTURE_FILES = new Set(["srcset", "sources", "width", "height", "inline", "slot"]);

/** The field names as the editor's forms label them. */
const LABELS: Record<string, string> = {
  data: "Text",
  title_fld: "Text key",
  itemData: "",
  title: "Title",
  subtitle: "Subtitle",
  details: "Detail",
  heading: "heading",
  text: "text",
  url: "Link",
  memberId: "Client",
  alt: "Picture description",
  src: "Picture file",
};

function labelOf(path: string[]): string {
  return path
    .map((part) => LABELS[part] ?? part)
    .filter((part) => part !== "")
    .join(" ");
}

/** Every text of the item as `label → text` ("Detail 2 heading"). */
function texts(value: unknown, path: string[], out: Map<string, string>): Map<string, string> {
  const key = path.at(-1) ?? "";
  if (path.length === 1 && SKIPPED.has(key)) return out;
  if (PICTURE_FILES.has(key)) return out;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    out.set(labelOf(path), key === "src" ? (String(value).split("/").at(-1) ?? "") : String(value));
  } else if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) texts(entry, [...path, String(index + 1)], out);
  } else if (typeof value === "object" && value !== null) {
    for (const [field, entry] of Object.entries(value)) texts(entry, [...path, field], out);
  }
  return out;
}

/** The fields that differ between the live item (null: a new one) and the draft (null: removed). */
export function changedFields(live: ItemData | null, draft: ItemData | null): FieldChange[] {
  const before = texts(live, [], new Map());
  const after = texts(draft, [], new Map());
  const fields = [...new Set([...before.keys(), ...after.keys()])];
  return fields
    .filter((field) => before.get(field) !== after.get(field))
    .map((field) => ({ field, before: before.get(field) ?? "", after: after.get(field) ?? "" }));
}
