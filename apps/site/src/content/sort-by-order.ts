import type { ContentItem } from "./types.ts";

/** The item's `order` when it is a finite number. */
export function orderOf(item: ContentItem): number | undefined {
  const { order } = item;
  return typeof order === "number" && Number.isFinite(order) ? order : undefined;
}

/** Sorts by the optional `order` field; stable, items without it keep store order at the end. */
export function sortByOrder<T extends ContentItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => {
    const left = orderOf(a);
    const right = orderOf(b);
    if (left === undefined) return right === undefined ? 0 : 1;
    if (right === undefined) return -1;
    return left - right;
  });
}
