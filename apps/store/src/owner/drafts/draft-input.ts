/**
 * @module Reads the owner's drafts requests: the page collection, the changes (an item id, a
 * kind, a put's whole item) and the times. Every check an item write makes runs here, when the
 * draft is saved, so a change scheduled for later cannot fail then for its data.
 */
import { isPageCollection, type PageCollection } from "@consultant/site-content";
import { checkDepth, checkItemData, type ItemData, SYSTEM_FIELDS } from "../../data/index.ts";
import { ApiError, validationError, violation } from "../../platform/errors.ts";
import { readItemId } from "../../platform/query/request-fields.ts";
import { isPlainObject, wellFormed, wellFormedJson } from "../../platform/query/values.ts";
import type { ChangeKind } from "../storage/drafts-store.ts";

/** Changes one request may save. */
export const MAX_CHANGES = 200;
/** How far ahead a change may be scheduled. */
export const MAX_SCHEDULE_MS = 366 * 24 * 60 * 60 * 1000;

export type ChangeInput = {
  itemId: string;
  kind: ChangeKind;
  data: ItemData | null;
  publishAt: number | null;
};

/** A page collection's name, or COLLECTION_NOT_FOUND (drafts are of the page's content only). */
export function readPageCollection(raw: unknown): PageCollection {
  if (typeof raw !== "string" || raw === "") {
    throw validationError([
      violation("collectionId", "must be a non-empty string", "REQUIRED_FIELD"),
    ]);
  }
  if (!isPageCollection(raw)) throw new ApiError("COLLECTION_NOT_FOUND", [raw.slice(0, 100)]);
  return raw;
}

export function readKind(raw: unknown, field: string): ChangeKind {
  if (raw === "put" || raw === "remove") return raw;
  throw validationError([violation(field, 'must be "put" or "remove"', "OTHER")]);
}

/**
 * A time at which a change goes live: in the future, within a year.
 * @throws ApiError SCHEDULE_IN_PAST, VALIDATION_FAILED.
 */
export function readPublishAt(raw: unknown, field: string, now: number): number {
  const at = typeof raw === "string" ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(at)) {
    throw validationError([violation(field, "must be an ISO-8601 time", "FORMAT")]);
  }
  if (at <= now) throw new ApiError("SCHEDULE_IN_PAST", [new Date(at).toISOString()]);
  if (at > now + MAX_SCHEDULE_MS) {
    throw validationError([violation(field, "must be within a year from now", "MAX")]);
  }
  return at;
}

/** An array of item ids, or null when absent. */
export function readItemIds(raw: unknown): string[] | null {
  if (raw === undefined || raw === null) return null;
  if (!Array.isArray(raw) || raw.length > MAX_CHANGES) {
    throw validationError([
      violation("itemIds", `must be an array of at most ${MAX_CHANGES} item ids`, "FORMAT"),
    ]);
  }
  return raw.map((id, index) => wellFormed(readItemId(id, `itemIds[${index}]`)));
}

/** A put's item as it will be written: its own fields, `_id` the item id, no system fields. */
function readPutData(collectionId: string, itemId: string, raw: unknown, at: string): ItemData {
  if (!isPlainObject(raw)) {
    throw validationError([violation(`${at}.data`, "must be an object", "REQUIRED_FIELD")]);
  }
  const tooDeep = checkDepth(raw, `${at}.data`);
  if (tooDeep) throw validationError([tooDeep]);
  if (raw._id !== undefined && (typeof raw._id !== "string" || wellFormed(raw._id) !== itemId)) {
    throw validationError([violation(`${at}.data._id`, "must equal itemId", "OTHER")]);
  }
  const own = Object.entries(wellFormedJson(raw) as ItemData).filter(
    ([key]) => !SYSTEM_FIELDS.has(key),
  );
  const data: ItemData = { _id: itemId, ...Object.fromEntries(own) };
  checkItemData(collectionId, itemId, data);
  return data;
}

function readChange(collectionId: string, raw: unknown, index: number, now: number): ChangeInput {
  const at = `changes[${index}]`;
  if (!isPlainObject(raw)) {
    throw validationError([violation(at, "must be an object", "REQUIRED_FIELD")]);
  }
  const itemId = wellFormed(readItemId(raw.itemId, `${at}.itemId`));
  const kind = readKind(raw.kind, `${at}.kind`);
  if (kind === "remove" && raw.data !== undefined && raw.data !== null) {
    throw validationError([violation(`${at}.data`, "must be null for a remove", "OTHER")]);
  }
  const data = kind === "put" ? readPutData(collectionId, itemId, raw.data, at) : null;
  const publishAt =
    raw.publishAt === undefined || raw.publishAt === null
      ? null
      : readPublishAt(raw.publishAt, `${at}.publishAt`, now);
  return { itemId, kind, data, publishAt };
}

/** The changes of a save, each (item, kind) at most once. */
export function readChanges(collectionId: string, raw: unknown, now: number): ChangeInput[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_CHANGES) {
    throw validationError([
      violation("changes", `must be an array of 1 to ${MAX_CHANGES} changes`, "FORMAT"),
    ]);
  }
  const changes = raw.map((change, index) => readChange(collectionId, change, index, now));
  const seen = new Set<string>();
  changes.forEach((change, index) => {
    const key = JSON.stringify([change.itemId, change.kind]);
    if (seen.has(key)) {
      throw validationError([
        violation(`changes[${index}]`, "names an item and kind given before", "OTHER"),
      ]);
    }
    seen.add(key);
  });
  return changes;
}
