/**
 * @module The in-memory evaluator: the reference semantics of the query language. The SQL
 * compiler (db/to-sql.ts) must agree with it on every item and filter.
 */
import { matchesSpec } from "./matches-spec.ts";
import { parseFilter } from "./parse-filter.ts";
import { stringMatches } from "./string-match.ts";
import type { FieldPath, FilterNode, ScalarValue, SortSpec } from "./types.ts";
import { compareValues, dateOf, isPlainObject, unicodeLower } from "./values.ts";

type Lookup = { found: boolean; value: unknown };

/** Follows a dot path through nested objects (never into arrays). */
export function lookup(data: unknown, path: FieldPath): Lookup {
  let current: unknown = data;
  for (const segment of path) {
    if (!isPlainObject(current) || !Object.hasOwn(current, segment)) {
      return { found: false, value: undefined };
    }
    current = current[segment];
  }
  return { found: true, value: current };
}

/**
 * True when the item data matches the raw filter.
 * @throws ApiError VALIDATION_FAILED when the filter is malformed.
 */
export function matches(data: Record<string, unknown>, filter: unknown): boolean {
  return evaluate(data, parseFilter(filter));
}

/** True when the item data matches a parsed filter. */
export function evaluate(data: Record<string, unknown>, node: FilterNode): boolean {
  switch (node.type) {
    case "and":
      return node.nodes.every((child) => evaluate(data, child));
    case "or":
      return node.nodes.some((child) => evaluate(data, child));
    case "not":
      return !evaluate(data, node.node);
    case "eq": {
      const { value } = lookup(data, node.path);
      if (node.value === null) return value === undefined || value === null;
      return fieldEquals(value, node.value);
    }
    case "compare": {
      const { value } = lookup(data, node.path);
      const order = compareSameKind(value, node.value);
      if (order === null) return false;
      if (node.op === "gt") return order > 0;
      if (node.op === "gte") return order >= 0;
      if (node.op === "lt") return order < 0;
      return order <= 0;
    }
    case "in": {
      const { value } = lookup(data, node.path);
      return node.values.some((operand) => fieldEquals(value, operand));
    }
    case "hasAll": {
      const { value } = lookup(data, node.path);
      return node.values.length > 0 && node.values.every((operand) => fieldEquals(value, operand));
    }
    case "string": {
      const { value } = lookup(data, node.path);
      if (typeof value !== "string") return false;
      return stringMatches(unicodeLower(value), node.op, node.value);
    }
    case "exists":
      return lookup(data, node.path).found === node.value;
    case "matches": {
      const { value } = lookup(data, node.path);
      return typeof value === "string" && matchesSpec(value, node.ignoreCase, node.spec);
    }
  }
}

/** Equality of one value with an operand: same kind only; dates chronologically. */
export function scalarEquals(value: unknown, operand: ScalarValue): boolean {
  return compareSameKind(value, operand) === 0;
}

/** Equality of a field with an operand; an array field matches when any element is equal. */
export function fieldEquals(value: unknown, operand: ScalarValue): boolean {
  if (scalarEquals(value, operand)) return true;
  return Array.isArray(value) && value.some((element) => scalarEquals(element, operand));
}

/** Orders a value against an operand of the same kind; null when the kinds differ. */
function compareSameKind(value: unknown, operand: ScalarValue): number | null {
  switch (operand.kind) {
    case "string":
      return typeof value === "string" ? compareValues(value, operand.value) : null;
    case "number":
      return typeof value === "number" ? compareValues(value, operand.value) : null;
    case "boolean":
      return typeof value === "boolean" ? compareValues(value, operand.value) : null;
    case "date": {
      const ms = dateOf(value);
      return ms === null ? null : Math.sign(ms - operand.value);
    }
  }
}

/**
 * Compares two items' data by a sort spec; 0 when tied (callers keep insertion order for ties,
 * as the store does). Missing values rank lowest.
 */
export function compareItems(
  a: Record<string, unknown>,
  b: Record<string, unknown>,
  sort: SortSpec,
): number {
  for (const { path, order } of sort) {
    const result = compareValues(lookup(a, path).value, lookup(b, path).value);
    if (result !== 0) return order === "DESC" ? -result : result;
  }
  return 0;
}
