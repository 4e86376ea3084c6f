/** Item data as the store returns it, and the editor's helpers to compare and save it. */
import { type ItemData, isRecord } from "@consultant/site-content";

export { type ItemData, idOf, isRecord, text } from "@consultant/site-content";

const SYSTEM_FIELDS = ["_id", "_createdDate", "_updatedDate", "_ownerId"] as const;

/** The `_updatedDate` of a stored item (ISO), the version a save is conditioned on. */
export function versionOf(data: ItemData | null): string | null {
  const date = data?._updatedDate;
  if (!isRecord(date)) return null;
  return typeof date.$date === "string" ? date.$date : null;
}

export function withoutSystemFields(data: ItemData): ItemData {
  return Object.fromEntries(
    Object.entries(data).filter(([key]) => !(SYSTEM_FIELDS as readonly string[]).includes(key)),
  );
}

function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (isRecord(value)) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, stable(value[key])]),
    );
  }
  return value;
}

/** True when two items hold the same content, whatever their system fields. */
export function sameContent(a: ItemData | null, b: ItemData | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    JSON.stringify(stable(withoutSystemFields(a))) ===
    JSON.stringify(stable(withoutSystemFields(b)))
  );
}
