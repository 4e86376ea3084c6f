/**
 * @module Distinct values of one field over a set of items (docs/protocol.md §2.7). Missing and
 * null values are left out; an array field contributes its elements. Ascending by default, in the
 * total order of sort (query/values.ts).
 */

import { lookup } from "../../platform/query/evaluate.ts";
import type { FieldPath, SortOrder } from "../../platform/query/types.ts";
import { compareValues } from "../../platform/query/values.ts";
import type { ItemData } from "../storage/items-store.ts";
import { canonicalKey } from "./canonical-key.ts";

export function distinctValues(
  items: readonly ItemData[],
  path: FieldPath,
  order: SortOrder = "ASC",
): unknown[] {
  const seen = new Map<string, unknown>();
  for (const data of items) {
    const { value } = lookup(data, path);
    for (const element of Array.isArray(value) ? value : [value]) {
      if (element === undefined || element === null) continue;
      const key = canonicalKey(element);
      if (!seen.has(key)) seen.set(key, element);
    }
  }
  const values = [...seen.values()].sort(compareValues);
  return order === "DESC" ? values.reverse() : values;
}
