/**
 * @module What a draft changes in an item, field by field, in words the owner reads: the
 * texts before and after (nested lists, a service's details say, by their place). Pure.
 */
import type { ItemData } from "../model/item-data.ts";

export type FieldChange = { field: string; before: string; after: string };

/** System fields and the order: the owner does not write them. */
const SKIPPED = new Set(["_id", "_createdDate", "_updatedDate", "_owner", "_ownerId", "order"]);

/** Every text of the item as `path → text` ("itemData › details 2 › heading"). */
function texts(value: unknown, path: string, out: Map<string, string>): Map<string, string> {
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    out.set(path, String(value));
  } else if (Array.isArray(value)) {
    for (const [index, entry] of value.entries()) texts(entry, `${path} ${index + 1}`, out);
  } else if (typeof value === "object" && value !== null) {
    for (const [key, entry] of Object.entries(value)) {
      if (path === "" && SKIPPED.has(key)) continue;
      texts(entry, path === "" ? key : `${path} › ${key}`, out);
    }
  }
  return out;
}

/** The fields that differ between the live item (null: a new one) and the draft (null: removed). */
export function changedFields(live: ItemData | null, draft: ItemData | null): FieldChange[] {
  const before = texts(live, "", new Map());
  const after = texts(draft, "", new Map());
  const fields = [...new Set([...before.keys(), ...after.keys()])];
  return fields
    .filter((field) => before.get(field) !== after.get(field))
    .map((field) => ({ field, before: before.get(field) ?? "", after: after.get(field) ?? "" }));
}
