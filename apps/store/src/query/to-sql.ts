/**
 * @module Compiles a parsed filter and sort to SQLite over the items' JSON `data` column. Values
 * and field paths are always bound parameters; type checks use `json_type` so values of
 * different kinds never compare (same semantics as evaluate.ts).
 * Needs the functions registered by db/sql-functions.ts: unicode_lower, date_ms, string_match
 * and wix_matches.
 */
import type { FieldPath, FilterNode, ScalarValue, SortSpec } from "./types.ts";

export type SqlParams = Record<string, string | number>;
export type SqlFragment = { sql: string; params: SqlParams };

/** A JSON value in SQL: its `json_type` and its `json_extract` value. */
type Source = { type: string; value: string };

const DATA_COLUMN = "data";

const COMPARE_SQL = { gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;

/** Quotes each segment as a JSON-path label; SQLite decodes the same escapes as JSON. */
export function toJsonPath(path: FieldPath): string {
  return `$${path.map((segment) => `.${JSON.stringify(segment)}`).join("")}`;
}

class Compiler {
  readonly params: SqlParams = {};
  private next = 0;
  private readonly paths = new Map<string, string>();

  bind(value: string | number): string {
    const name = `p${this.next++}`;
    this.params[name] = value;
    return `@${name}`;
  }

  path(path: FieldPath): string {
    const jsonPath = toJsonPath(path);
    let param = this.paths.get(jsonPath);
    if (param === undefined) {
      param = this.bind(jsonPath);
      this.paths.set(jsonPath, param);
    }
    return param;
  }

  field(path: FieldPath): Source {
    const p = this.path(path);
    return { type: `json_type(${DATA_COLUMN}, ${p})`, value: `json_extract(${DATA_COLUMN}, ${p})` };
  }

  node(node: FilterNode): string {
    switch (node.type) {
      case "and":
        return node.nodes.length === 0
          ? "1"
          : `(${node.nodes.map((n) => this.node(n)).join(" AND ")})`;
      case "or":
        return node.nodes.length === 0
          ? "0"
          : `(${node.nodes.map((n) => this.node(n)).join(" OR ")})`;
      case "not":
        return `(NOT ${this.node(node.node)})`;
      case "eq": {
        if (node.value === null) {
          const { type } = this.field(node.path);
          return `(${type} IS NULL OR ${type} = 'null')`;
        }
        return this.anyEqual(node.path, [node.value]);
      }
      case "compare":
        return truthy(this.compare(this.field(node.path), COMPARE_SQL[node.op], node.value));
      case "in":
        return node.values.length === 0 ? "0" : this.anyEqual(node.path, node.values);
      case "hasAll":
        return node.values.length === 0
          ? "0"
          : joinBalanced(
              node.values.map((v) => this.anyEqual(node.path, [v])),
              "AND",
              "1",
            );
      case "string":
        return truthy(this.stringMatch(node.path, node.op, node.value));
      case "exists": {
        const { type } = this.field(node.path);
        return `(${type} IS ${node.value ? "NOT NULL" : "NULL"})`;
      }
      case "matches": {
        const { type, value } = this.field(node.path);
        const spec = this.bind(JSON.stringify(node.spec));
        const ignoreCase = this.bind(node.ignoreCase ? 1 : 0);
        return truthy(`${type} = 'text' AND wix_matches(${value}, ${ignoreCase}, ${spec})`);
      }
    }
  }

  /** The field equals one of the values, or is an array with an element that does. */
  private anyEqual(path: FieldPath, values: readonly ScalarValue[]): string {
    const field = this.field(path);
    const element: Source = { type: "e.type", value: "e.value" };
    return truthy(
      `${this.equalsOneOf(field, values)} OR (${field.type} = 'array' AND EXISTS (SELECT 1 FROM json_each(${DATA_COLUMN}, ${this.path(path)}) AS e WHERE ${this.equalsOneOf(element, values)}))`,
    );
  }

  /** Same-kind equality with any value; one IN list per kind keeps the SQL tree shallow. */
  private equalsOneOf(source: Source, values: readonly ScalarValue[]): string {
    const byKind = new Map<ScalarValue["kind"], string[]>();
    for (const value of values) {
      const bound = this.bind(
        value.kind === "boolean" ? (value.value ? "true" : "false") : value.value,
      );
      byKind.set(value.kind, [...(byKind.get(value.kind) ?? []), bound]);
    }
    const terms = [...byKind].map(([kind, params]) => {
      const list = params.join(", ");
      if (kind === "string") return `(${source.type} = 'text' AND ${source.value} IN (${list}))`;
      if (kind === "number") {
        return `(${source.type} IN ('integer', 'real') AND ${source.value} IN (${list}))`;
      }
      if (kind === "boolean") return `(${source.type} IN (${list}))`;
      return `(${source.type} = 'object' AND date_ms(${source.value}) IN (${list}))`;
    });
    return `(${terms.join(" OR ")})`;
  }

  private compare(source: Source, op: string, operand: ScalarValue): string {
    switch (operand.kind) {
      case "string":
        return `(${source.type} = 'text' AND ${source.value} ${op} ${this.bind(operand.value)})`;
      case "number":
        return `(${source.type} IN ('integer', 'real') AND ${source.value} ${op} ${this.bind(operand.value)})`;
      case "boolean":
        return `(${source.type} IN ('true', 'false') AND (${source.type} = 'true') ${op} ${this.bind(operand.value ? 1 : 0)})`;
      case "date":
        return `(${source.type} = 'object' AND date_ms(${source.value}) ${op} ${this.bind(operand.value)})`;
    }
  }

  private stringMatch(path: FieldPath, op: string, operand: string): string {
    const { type, value } = this.field(path);
    return `${type} = 'text' AND string_match(${this.bind(op)}, unicode_lower(${value}), ${this.bind(operand)})`;
  }

  orderBy(sort: SortSpec): string {
    const terms: string[] = [];
    for (const { path, order } of sort) {
      const { type: t, value: v } = this.field(path);
      const rank = `CASE WHEN ${t} IS NULL OR ${t} = 'null' THEN 0 WHEN ${t} IN ('true', 'false') THEN 1 WHEN ${t} IN ('integer', 'real') THEN 2 WHEN ${t} = 'text' THEN 3 WHEN ${t} = 'object' AND date_ms(${v}) IS NOT NULL THEN 4 ELSE 5 END`;
      const key = `CASE WHEN ${t} IN ('true', 'false') THEN ${t} = 'true' WHEN ${t} IN ('integer', 'real', 'text') THEN ${v} WHEN ${t} = 'object' THEN date_ms(${v}) END`;
      terms.push(`${rank} ${order}`, `${key} ${order}`);
    }
    return terms.join(", ");
  }
}

/**
 * Joins terms as a balanced tree: SQLite limits expression depth to 1000, and a flat
 * `a OR b OR ...` chain of 1000 filter conditions would be that deep.
 */
function joinBalanced(terms: readonly string[], op: "AND" | "OR", empty: string): string {
  if (terms.length === 0) return empty;
  if (terms.length <= 4) return `(${terms.join(` ${op} `)})`;
  const middle = Math.ceil(terms.length / 2);
  return `(${joinBalanced(terms.slice(0, middle), op, empty)} ${op} ${joinBalanced(terms.slice(middle), op, empty)})`;
}

/** SQL three-valued logic: a NULL must count as false so that NOT stays a true negation. */
function truthy(sql: string): string {
  return `coalesce((${sql}), 0)`;
}

/** A boolean SQL expression over `data` for the filter, plus its parameters. */
export function compileFilter(node: FilterNode): SqlFragment {
  const compiler = new Compiler();
  return { sql: compiler.node(node), params: compiler.params };
}

/**
 * The WHERE expression and ORDER BY terms for a filter and sort, sharing one parameter set.
 * `orderBy` is empty when there is no sort; callers append the insertion order as tie-breaker.
 */
export function compileQuery(
  node: FilterNode,
  sort: SortSpec,
): { where: string; orderBy: string; params: SqlParams } {
  const compiler = new Compiler();
  const where = compiler.node(node);
  const orderBy = compiler.orderBy(sort);
  return { where, orderBy, params: compiler.params };
}
