/** @module Item data as the data-items protocol returns it, and the helpers to read it. */

/** One item's data object (system fields included; dates as `{ "$date": iso }`). */
export type ItemData = Record<string, unknown>;

/** True for a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value when it is a string, else the empty string. */
export function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** The item's `_id`, or null when it has none. */
export function idOf(data: ItemData | null): string | null {
  return typeof data?._id === "string" && data._id !== "" ? data._id : null;
}

/** The item's `order` when it is a finite number. */
export function orderOf(item: ItemData): number | undefined {
  const { order } = item;
  return typeof order === "number" && Number.isFinite(order) ? order : undefined;
}

/** Sorts by the optional `order` field; stable, items without it keep store order at the end. */
export function sortByOrder<T extends ItemData>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => {
    const left = orderOf(a);
    const right = orderOf(b);
    if (left === undefined) return right === undefined ? 0 : 1;
    if (right === undefined) return -1;
    return left - right;
  });
}
