/**
 * @module `includeReferences` on query and get (docs/protocol.md §2.3, §2.4): each listed reference
 * field is filled with the referenced items' data (those that exist and the caller may read),
 * in reference order, up to the field's limit. The deprecated `includeReferencedItems` (field
 * names) is read the same way.
 */

import { validationError, violation } from "../../platform/errors.ts";
import type { Caller } from "../../platform/http/caller.ts";
import { parseFieldPath } from "../../platform/query/parse-filter.ts";
import { readInteger } from "../../platform/query/request-fields.ts";
import { isPlainObject, setOwn, wellFormed } from "../../platform/query/values.ts";
import type { AccessControl } from "../access/access-control.ts";
import type { ItemsStore, StoredItem } from "../storage/items-store.ts";
import type { ReferencesStore } from "../storage/references-store.ts";

const MAX_INCLUDES = 32;
const DEFAULT_INCLUDE_LIMIT = 50;
const MAX_INCLUDE_LIMIT = 1000;

export type Include = { field: string; limit: number };

function readField(raw: unknown, at: string): string {
  parseFieldPath(raw, at);
  return wellFormed(raw as string);
}

/**
 * Reads `includeReferences: [{field, limit?}]` and `includeReferencedItems: [field]`.
 * @throws ApiError VALIDATION_FAILED naming the bad entry.
 */
export function readIncludes(body: Record<string, unknown>): Include[] {
  const includes: Include[] = [];
  for (const key of ["includeReferences", "includeReferencedItems"] as const) {
    const raw = body[key];
    if (raw === undefined || raw === null) continue;
    if (!Array.isArray(raw) || raw.length > MAX_INCLUDES) {
      throw validationError([
        violation(key, `must be an array of at most ${MAX_INCLUDES} entries`, "MAX_SIZE", {
          threshold: MAX_INCLUDES,
        }),
      ]);
    }
    raw.forEach((entry: unknown, i) => {
      const at = `${key}[${i}]`;
      if (key === "includeReferencedItems") {
        includes.push({ field: readField(entry, at), limit: DEFAULT_INCLUDE_LIMIT });
        return;
      }
      if (!isPlainObject(entry)) throw validationError([violation(at, "must be {field, limit?}")]);
      includes.push({
        field: readField(entry.field, `${at}.field`),
        limit: readInteger(entry.limit, `${at}.limit`, DEFAULT_INCLUDE_LIMIT, 1, MAX_INCLUDE_LIMIT),
      });
    });
  }
  return includes;
}

export type IncludeDeps = { store: ItemsStore; references: ReferencesStore; access: AccessControl };

/** The item with each included field set to its referenced items' data. */
export function withReferences(
  item: StoredItem,
  includes: readonly Include[],
  caller: Caller,
  deps: IncludeDeps,
): StoredItem {
  if (includes.length === 0) return item;
  const data = { ...item.data };
  for (const { field, limit } of includes) {
    const target = deps.references.referencedCollection(item.collectionId, field);
    if (!deps.access.can(caller, target, "read")) continue;
    const referenced = deps.references
      .list(item.collectionId, field, [item.id])
      .flatMap(({ referencedId }) => {
        const found = deps.store.getItem(target, referencedId);
        return found === null ? [] : [found.data];
      })
      .slice(0, limit);
    setOwn(data, field, referenced);
  }
  return { ...item, data };
}
