/** @module `clients` items: `{ order?, itemData: "a line of text" }`. */
import { type ItemData, idOf, sortByOrder, text } from "../item-data.ts";

/** A line as the page shows it. */
export type ClientLine = { id: string; text: string };

/** An item's line (empty when missing). */
export function readClientLine(data: ItemData): string {
  return text(data.itemData);
}

/** The item with a new line. */
export function withClientLine(data: ItemData, line: string): ItemData {
  return { ...data, itemData: line };
}

/** The non-empty lines, in `order`. */
export function selectClientLines(items: readonly ItemData[] | undefined): ClientLine[] {
  return sortByOrder(items ?? [])
    .map((item, index) => ({
      id: idOf(item) ?? `client-${index}`,
      text: readClientLine(item).trim(),
    }))
    .filter((line) => line.text !== "");
}
