/**
 * @module Validates the items a write sends (docs/protocol.md §2.5, §4.1): `{id?, data}` with the
 * id taken from `data._id` (or `id`), nesting bounded so no later step recurses too deep, and the
 * optional write `condition` (§2.2).
 */

import { type FieldViolation, validationError, violation } from "../../platform/errors.ts";
import { parseFilter } from "../../platform/query/parse-filter.ts";
import { createViolationCollector, readItemId } from "../../platform/query/request-fields.ts";
import type { FilterNode } from "../../platform/query/types.ts";
import { isPlainObject } from "../../platform/query/values.ts";
import type { ItemData } from "../storage/items-store.ts";

/** Item data nests at most this deep (objects and arrays). */
export const MAX_DATA_DEPTH = 64;

export type ItemInput = {
  /** `data._id`, else `id`; null when the store is to generate one. */
  id: string | null;
  data: ItemData;
};

/** Depth of a JSON value, iteratively (a hostile body may nest far deeper than the stack). */
export function jsonDepth(value: unknown, limit: number): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop();
    if (next === undefined || typeof next.value !== "object" || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) stack.push({ value: child, depth });
  }
  return deepest;
}

/** A JSON value nested at most MAX_DATA_DEPTH levels, or a violation at `at`. */
export function checkDepth(value: unknown, at: string): FieldViolation | null {
  return jsonDepth(value, MAX_DATA_DEPTH) > MAX_DATA_DEPTH
    ? violation(at, `must be nested at most ${MAX_DATA_DEPTH} levels deep`, "MAX", {
        threshold: MAX_DATA_DEPTH,
      })
    : null;
}

/**
 * Reads one DataItem at `at` (e.g. `dataItem`, `dataItems[3]`).
 * @throws ApiError VALIDATION_FAILED listing every problem.
 */
export function readDataItem(raw: unknown, at: string): ItemInput {
  if (!isPlainObject(raw)) {
    throw validationError([violation(at, "must be an object {id?, data}", "REQUIRED_FIELD")]);
  }
  const data = raw.data;
  if (!isPlainObject(data)) {
    throw validationError([violation(`${at}.data`, "must be an object", "REQUIRED_FIELD")]);
  }
  const { collect, throwIfAny, violations } = createViolationCollector();
  const tooDeep = checkDepth(data, `${at}.data`);
  if (tooDeep) violations.push(tooDeep);
  const dataId =
    data._id == null ? null : collect(null, () => readItemId(data._id, `${at}.data._id`));
  const envelopeId = raw.id == null ? null : collect(null, () => readItemId(raw.id, `${at}.id`));
  if (dataId !== null && envelopeId !== null && dataId !== envelopeId) {
    violations.push(violation(`${at}.id`, "must equal data._id", "OTHER"));
  }
  throwIfAny();
  return { id: dataId ?? envelopeId, data };
}

/**
 * Reads `condition: {filter}`; null when absent.
 * @throws ApiError VALIDATION_FAILED when it is not exactly `{filter}` with a valid filter.
 */
export function readCondition(raw: unknown, at = "condition"): FilterNode | null {
  if (raw === undefined || raw === null) return null;
  if (!isPlainObject(raw) || !isPlainObject(raw.filter)) {
    throw validationError([
      violation(`${at}.filter`, "condition must be {filter: {...}}", "REQUIRED_FIELD"),
    ]);
  }
  const unknown = Object.keys(raw).find((key) => key !== "filter");
  if (unknown !== undefined) {
    throw validationError([
      violation(`${at}.${unknown}`, "is not a condition field", "FIELD_NOT_ALLOWED"),
    ]);
  }
  return parseFilter(raw.filter, `${at}.filter`);
}
