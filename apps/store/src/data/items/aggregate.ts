/**
 * @module Aggregation over a set of items (docs/protocol.md §2.8): group by fields, then average,
 * min, max, sum and item count per group. Results are `{_id: {field: value}, <result>: ...}`;
 * without grouping fields there is one result and no `_id`.
 */

import { validationError, violation } from "../../platform/errors.ts";
import { lookup } from "../../platform/query/evaluate.ts";
import { parseFieldPath } from "../../platform/query/parse-filter.ts";
import { createViolationCollector } from "../../platform/query/request-fields.ts";
import type { FieldPath, SortSpec } from "../../platform/query/types.ts";
import { compareValues, isPlainObject, setOwn } from "../../platform/query/values.ts";
import type { ItemData } from "../storage/items-store.ts";
import { canonicalKey } from "./canonical-key.ts";

const MAX_GROUPING_FIELDS = 32;
const MAX_OPERATIONS = 100;
const OPERATIONS = ["average", "min", "max", "sum", "itemCount"] as const;

type OperationKind = (typeof OPERATIONS)[number];

export type Operation = { resultFieldName: string; kind: OperationKind; path: FieldPath | null };
export type Aggregation = {
  groupingFields: { name: string; path: FieldPath }[];
  operations: Operation[];
};

/**
 * Reads `aggregation: {groupingFields, operations}`.
 * @throws ApiError VALIDATION_FAILED listing every problem.
 */
export function readAggregation(raw: unknown, at = "aggregation"): Aggregation {
  if (raw === undefined || raw === null) return { groupingFields: [], operations: [] };
  if (!isPlainObject(raw)) throw validationError([violation(at, "must be an object")]);
  const { collect, throwIfAny, violations } = createViolationCollector();
  const rawGroups = raw.groupingFields ?? [];
  const rawOperations = raw.operations ?? [];
  if (!Array.isArray(rawGroups) || rawGroups.length > MAX_GROUPING_FIELDS) {
    throw validationError([
      violation(
        `${at}.groupingFields`,
        `must be an array of at most ${MAX_GROUPING_FIELDS} field names`,
      ),
    ]);
  }
  if (!Array.isArray(rawOperations) || rawOperations.length > MAX_OPERATIONS) {
    throw validationError([
      violation(`${at}.operations`, `must be an array of at most ${MAX_OPERATIONS} operations`),
    ]);
  }
  const groupingFields = rawGroups.flatMap((name: unknown, i) => {
    const path = collect(null, () => parseFieldPath(name, `${at}.groupingFields[${i}]`));
    return path ? [{ name: name as string, path }] : [];
  });
  const names = new Set<string>();
  const operations = rawOperations.flatMap((entry: unknown, i): Operation[] => {
    const entryAt = `${at}.operations[${i}]`;
    if (!isPlainObject(entry)) {
      violations.push(violation(entryAt, "must be {resultFieldName, <operation>}"));
      return [];
    }
    const name = entry.resultFieldName;
    if (typeof name !== "string" || name === "" || name === "_id" || name.includes(".")) {
      violations.push(
        violation(
          `${entryAt}.resultFieldName`,
          "must be a field name other than _id, without dots",
        ),
      );
      return [];
    }
    if (names.has(name)) {
      violations.push(violation(`${entryAt}.resultFieldName`, `[${name}] is used twice`));
      return [];
    }
    names.add(name);
    const kinds = OPERATIONS.filter((kind) => entry[kind] !== undefined && entry[kind] !== null);
    const [kind, ...others] = kinds;
    if (kind === undefined || others.length > 0) {
      violations.push(
        violation(entryAt, `must have exactly one of ${OPERATIONS.join(", ")}`, "OTHER"),
      );
      return [];
    }
    const options = entry[kind];
    if (!isPlainObject(options)) {
      violations.push(violation(`${entryAt}.${kind}`, "must be an object"));
      return [];
    }
    if (kind === "itemCount") return [{ resultFieldName: name, kind, path: null }];
    const path = collect(null, () =>
      parseFieldPath(options.itemFieldName, `${entryAt}.${kind}.itemFieldName`),
    );
    return path ? [{ resultFieldName: name, kind, path }] : [];
  });
  throwIfAny();
  return { groupingFields, operations };
}

function numbersOf(items: readonly ItemData[], path: FieldPath): number[] {
  return items.flatMap((data) => {
    const { value } = lookup(data, path);
    return typeof value === "number" ? [value] : [];
  });
}

function extreme(items: readonly ItemData[], path: FieldPath, sign: 1 | -1): unknown {
  let best: unknown = null;
  for (const data of items) {
    const { value } = lookup(data, path);
    if (value === undefined || value === null) continue;
    if (best === null || sign * compareValues(value, best) > 0) best = value;
  }
  return best;
}

function compute(items: readonly ItemData[], operation: Operation): unknown {
  const path = operation.path ?? [];
  switch (operation.kind) {
    case "itemCount":
      return items.length;
    case "sum":
      return numbersOf(items, path).reduce((total, n) => total + n, 0);
    case "average": {
      const numbers = numbersOf(items, path);
      return numbers.length === 0 ? null : numbers.reduce((t, n) => t + n, 0) / numbers.length;
    }
    case "min":
      return extreme(items, path, -1);
    case "max":
      return extreme(items, path, 1);
  }
}

/** One result per group, groups in order of first appearance. */
export function aggregate(
  items: readonly ItemData[],
  aggregation: Aggregation,
): Record<string, unknown>[] {
  const groups = new Map<string, { id: Record<string, unknown>; items: ItemData[] }>();
  for (const data of items) {
    const id: Record<string, unknown> = {};
    for (const { name, path } of aggregation.groupingFields) {
      setOwn(id, name, lookup(data, path).value ?? null);
    }
    const key = canonicalKey(Object.values(id));
    const group = groups.get(key) ?? { id, items: [] };
    group.items.push(data);
    groups.set(key, group);
  }
  if (aggregation.groupingFields.length === 0 && groups.size === 0) {
    groups.set("", { id: {}, items: [] });
  }
  return [...groups.values()].map((group) => {
    const result: Record<string, unknown> =
      aggregation.groupingFields.length > 0 ? { _id: group.id } : {};
    for (const operation of aggregation.operations) {
      setOwn(result, operation.resultFieldName, compute(group.items, operation));
    }
    return result;
  });
}

/**
 * Sorting results by `_id` means by the group key: one sort term per grouping field, in order
 * (an `_id` object would otherwise compare equal to every other).
 */
export function expandGroupSort(sort: SortSpec, aggregation: Aggregation): SortSpec {
  return sort.flatMap((term) =>
    term.path.length === 1 && term.path[0] === "_id" && aggregation.groupingFields.length > 0
      ? aggregation.groupingFields.map(({ name }) => ({ path: ["_id", name], order: term.order }))
      : [term],
  );
}
