/** @module The parsed query language (docs/protocol.md §3), shared by the SQL compiler and the evaluator. */

/** A comparable operand. Dates are carried as epoch milliseconds. */
export type ScalarValue =
  | { kind: "string"; value: string }
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "date"; value: number };

export type FieldPath = readonly string[];

export type CompareOp = "gt" | "gte" | "lt" | "lte";
export type StringOp = "startsWith" | "endsWith" | "contains";

export type MatchesSpecPart = { type: "literal" | "anyOf"; value: string };

export type FilterNode =
  | { type: "and"; nodes: FilterNode[] }
  | { type: "or"; nodes: FilterNode[] }
  | { type: "not"; node: FilterNode }
  /** `value: null` matches a missing or null field. */
  | { type: "eq"; path: FieldPath; value: ScalarValue | null }
  | { type: "compare"; op: CompareOp; path: FieldPath; value: ScalarValue }
  /** `$in` and `$hasSome`: equal to at least one value (array fields match by element). */
  | { type: "in"; path: FieldPath; values: ScalarValue[] }
  /** `$hasAll`: equal to every value (array fields match by element); empty list matches nothing. */
  | { type: "hasAll"; path: FieldPath; values: ScalarValue[] }
  /** Case-insensitive string match; `value` is already lower-cased with `unicodeLower`. */
  | { type: "string"; op: StringOp; path: FieldPath; value: string }
  | { type: "exists"; path: FieldPath; value: boolean }
  | { type: "matches"; path: FieldPath; ignoreCase: boolean; spec: MatchesSpecPart[] };

export type SortOrder = "ASC" | "DESC";
export type SortSpec = readonly { path: FieldPath; order: SortOrder }[];
