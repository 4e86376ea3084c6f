/**
 * @module `resources` items: `{ order?, title, text, url, memberId? }`, a link or note shared
 * with one client (`memberId`, the member it is for). Without a `memberId` it is shared with no
 * one in particular: every signed-in member sees it in the client area. Flat fields, so the
 * store can filter by `memberId`.
 */
import { type ItemData, text } from "../item-data.ts";

/** A resource as stored, every field present (empty when missing). */
export type ResourceFields = { title: string; text: string; url: string; memberId: string };

/** Decodes an item; anything missing reads as empty. */
export function readResource(data: ItemData): ResourceFields {
  return {
    title: text(data.title),
    text: text(data.text),
    url: text(data.url),
    memberId: text(data.memberId),
  };
}

/** The item with new fields; an empty `memberId` is left out (shared with every member). */
export function withResource(data: ItemData, fields: Partial<ResourceFields>): ItemData {
  const { memberId, ...rest } = { ...readResource(data), ...fields };
  const { memberId: _dropped, ...others } = data;
  return { ...others, ...rest, ...(memberId.trim() === "" ? {} : { memberId: memberId.trim() }) };
}
