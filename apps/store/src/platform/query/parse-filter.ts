/**
 * @module Validates a raw filter object (docs/protocol.md §3.1) and turns it into a `FilterNode`
 * tree. Every malformed input becomes a 400 validation error naming the offending location.
 */
import { type FieldViolation, validationError, violation } from "../errors.ts";
import type { FieldPath, FilterNode, MatchesSpecPart, ScalarValue } from "./types.ts";
import { isPlainObject, parseIsoDate, unicodeLower, wellFormed } from "./values.ts";

export const MAX_FILTER_DEPTH = 20;
export const MAX_FILTER_NODES = 1000;
const MAX_PATH_SEGMENTS = 32;

const STRING_OPS = {
  $startsWith: "startsWith",
  $endsWith: "endsWith",
  $contains: "contains",
} as const;
const COMPARE_OPS = { $gt: "gt", $gte: "gte", $lt: "lt", $lte: "lte" } as const;

class FilterError extends Error {
  readonly violation: FieldViolation;
  constructor(v: FieldViolation) {
    super(v.description);
    this.violation = v;
  }
}

function fail(
  at: string,
  description: string,
  rule: FieldViolation["violatedRule"] = "FORMAT",
  data: Record<string, unknown> = {},
): never {
  throw new FilterError(violation(at, description, rule, data));
}

/**
 * Parses a filter; `null`/`undefined` mean "match everything".
 * @throws ApiError VALIDATION_FAILED when the filter is malformed or too large.
 */
export function parseFilter(raw: unknown, at = "query.filter"): FilterNode {
  try {
    return new FilterParser().filter(raw, at, 0);
  } catch (error) {
    if (error instanceof FilterError) throw validationError([error.violation], "invalid query");
    throw error;
  }
}

/**
 * Validates a dot-separated field path.
 * @throws ApiError VALIDATION_FAILED when it is not a usable field name.
 */
export function parseFieldPath(raw: unknown, at: string): FieldPath {
  try {
    return fieldPath(raw, at);
  } catch (error) {
    if (error instanceof FilterError) throw validationError([error.violation], "invalid query");
    throw error;
  }
}

function fieldPath(raw: unknown, at: string): FieldPath {
  if (typeof raw !== "string" || raw.length === 0)
    fail(at, "field name must be a non-empty string");
  const segments = wellFormed(raw).split(".");
  if (segments.length > MAX_PATH_SEGMENTS) {
    fail(at, `field path must have at most ${MAX_PATH_SEGMENTS} segments`, "MAX", {
      threshold: MAX_PATH_SEGMENTS,
    });
  }
  for (const segment of segments) {
    if (segment.length === 0) fail(at, `field name [${raw}] has an empty segment`);
    if (segment.startsWith("$")) fail(at, `field name [${raw}] has a segment starting with $`);
  }
  return segments;
}

class FilterParser {
  private nodes = 0;

  filter(raw: unknown, at: string, depth: number): FilterNode {
    if (raw === null || raw === undefined) return { type: "and", nodes: [] };
    if (!isPlainObject(raw)) fail(at, "filter must be an object");
    this.enter(at, depth);
    const parts: FilterNode[] = [];
    for (const [key, value] of Object.entries(raw)) {
      const keyAt = `${at}.${key}`;
      if (key === "$and" || key === "$or") {
        if (!Array.isArray(value)) fail(keyAt, `${key} must be an array of filters`);
        const nodes = value.map((item, i) => this.filter(item, `${keyAt}[${i}]`, depth + 1));
        parts.push({ type: key === "$and" ? "and" : "or", nodes });
      } else if (key === "$not") {
        parts.push({ type: "not", node: this.negated(value, keyAt, depth + 1) });
      } else if (key.startsWith("$")) {
        rejectOperator(key, keyAt);
      } else {
        parts.push(this.condition(fieldPath(key, keyAt), value, keyAt, depth + 1));
      }
    }
    return parts.length === 1 && parts[0] ? parts[0] : { type: "and", nodes: parts };
  }

  private negated(value: unknown, at: string, depth: number): FilterNode {
    if (!Array.isArray(value)) return this.filter(value, at, depth);
    if (value.length !== 1) fail(at, "$not must hold exactly one filter");
    return this.filter(value[0], `${at}[0]`, depth);
  }

  /** The value of a field key: a plain value (equality), a date, or an object of operators. */
  private condition(path: FieldPath, raw: unknown, at: string, depth: number): FilterNode {
    this.enter(at, depth);
    if (!isPlainObject(raw) || Object.hasOwn(raw, "$date")) {
      return { type: "eq", path, value: nullableOperand(raw, at) };
    }
    const keys = Object.keys(raw);
    if (keys.length === 0 || keys.some((key) => !key.startsWith("$"))) {
      fail(at, "a field condition must be a value or an object of $ operators");
    }
    const parts = keys.map((key) => this.operator(path, key, raw[key], `${at}.${key}`, depth));
    return parts.length === 1 && parts[0] ? parts[0] : { type: "and", nodes: parts };
  }

  private operator(
    path: FieldPath,
    key: string,
    operand: unknown,
    at: string,
    depth: number,
  ): FilterNode {
    this.count(at);
    if (key === "$eq") return { type: "eq", path, value: nullableOperand(operand, at) };
    if (key === "$ne") {
      return { type: "not", node: { type: "eq", path, value: nullableOperand(operand, at) } };
    }
    if (key in COMPARE_OPS) {
      const op = COMPARE_OPS[key as keyof typeof COMPARE_OPS];
      return { type: "compare", op, path, value: scalarOperand(operand, at) };
    }
    if (key === "$in" || key === "$hasSome" || key === "$hasAll") {
      const values = this.list(operand, at);
      return key === "$hasAll" ? { type: "hasAll", path, values } : { type: "in", path, values };
    }
    if (key in STRING_OPS) {
      if (typeof operand !== "string") fail(at, `${key} needs a string operand`);
      const op = STRING_OPS[key as keyof typeof STRING_OPS];
      return { type: "string", op, path, value: unicodeLower(wellFormed(operand)) };
    }
    if (key === "$exists") {
      if (typeof operand !== "boolean") fail(at, "$exists needs a boolean operand");
      return { type: "exists", path, value: operand };
    }
    if (key === "$not") {
      const inner = Array.isArray(operand) && operand.length === 1 ? operand[0] : operand;
      return { type: "not", node: this.condition(path, inner, at, depth + 1) };
    }
    if (key === "$matches") return matchesOperand(path, operand, at);
    return rejectOperator(key, at);
  }

  private list(operand: unknown, at: string): ScalarValue[] {
    if (!Array.isArray(operand)) fail(at, "operand must be an array");
    return operand.map((item, i) => {
      this.count(`${at}[${i}]`);
      return scalarOperand(item, `${at}[${i}]`);
    });
  }

  private enter(at: string, depth: number): void {
    if (depth > MAX_FILTER_DEPTH) {
      fail(at, `filter must be nested at most ${MAX_FILTER_DEPTH} levels deep`, "MAX", {
        threshold: MAX_FILTER_DEPTH,
      });
    }
    this.count(at);
  }

  private count(at: string): void {
    this.nodes++;
    if (this.nodes > MAX_FILTER_NODES) {
      fail(at, `filter must have at most ${MAX_FILTER_NODES} conditions`, "MAX_SIZE", {
        threshold: MAX_FILTER_NODES,
      });
    }
  }
}

function rejectOperator(key: string, at: string): never {
  if (key === "$regex") fail(at, "the $regex operator is not supported", "FIELD_NOT_ALLOWED");
  return fail(at, `unknown operator ${key}`, "FIELD_NOT_ALLOWED");
}

function nullableOperand(raw: unknown, at: string): ScalarValue | null {
  return raw === null ? null : scalarOperand(raw, at);
}

/** A comparison operand: string, finite number, boolean or `{"$date": iso}`. */
export function scalarOperand(raw: unknown, at: string): ScalarValue {
  if (typeof raw === "string") return { kind: "string", value: wellFormed(raw) };
  if (typeof raw === "number" && Number.isFinite(raw)) return { kind: "number", value: raw };
  if (typeof raw === "boolean") return { kind: "boolean", value: raw };
  if (isPlainObject(raw) && Object.hasOwn(raw, "$date")) {
    const ms = parseIsoDate(raw.$date);
    if (ms === null || Object.keys(raw).length !== 1) {
      fail(at, "a date must be {$date: ISO-8601 date-time}");
    }
    return { kind: "date", value: ms };
  }
  return fail(at, "operand must be a string, number, boolean or date");
}

function matchesOperand(path: FieldPath, operand: unknown, at: string): FilterNode {
  if (!isPlainObject(operand) || !Array.isArray(operand.spec)) {
    fail(at, "$matches needs {ignoreCase, spec: [{type, value}]}");
  }
  const ignoreCase = operand.ignoreCase ?? false;
  if (typeof ignoreCase !== "boolean") fail(`${at}.ignoreCase`, "ignoreCase must be a boolean");
  const spec = operand.spec.map((part, i): MatchesSpecPart => {
    const partAt = `${at}.spec[${i}]`;
    if (!isPlainObject(part) || typeof part.value !== "string") {
      fail(partAt, "a spec part needs a string value");
    }
    if (part.type !== "literal" && part.type !== "anyOf") {
      fail(`${partAt}.type`, "type must be literal or anyOf", "INVALID_ENUM_VALUE");
    }
    return { type: part.type, value: wellFormed(part.value) };
  });
  return { type: "matches", path, ignoreCase, spec };
}
