/** @module `texts` items: `{ title_fld: key, data: text }`, one per text key the page reads. */
import { type ItemData, text } from "../item-data.ts";

/** The text of the item whose `title_fld` is `key`, or undefined when it is missing or blank. */
export function selectText(
  items: readonly ItemData[] | undefined,
  key: string,
): string | undefined {
  const item = items?.find((candidate) => candidate.title_fld === key);
  const value = item?.data;
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** An item's key and text. */
export function readTextItem(data: ItemData): { key: string; text: string } {
  return { key: text(data.title_fld), text: text(data.data) };
}

/** The item with a new text; its key and other fields are kept. */
export function withText(data: ItemData, value: string): ItemData {
  return { ...data, data: value };
}
