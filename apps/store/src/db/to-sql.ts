/**
 * @module Compiles a parsed filter and sort to SQLite over the items' JSON `data` column. Values
 * and field paths are always bound parameters; type checks use `json_type` so values of
 * different kinds never compare (same semantics as evaluate.ts).
 * Declared fields (declared-fields.ts) are the exception: outside any `$not`, their equality,
 * range and sort terms name the path literally, as their expression index does, and keep the
 * type check as a residual filter, so SQLite can search the index and the answer stays the same.
 * Needs the functions registered by db/sql-functions.ts: unicode_lower, date_ms, string_match
 * and wix_matches.
 */
import type { CompareOp, FieldPath, FilterNode, ScalarValue, SortSpec } from "../query/types.ts";

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

/** The path as a SQL string literal, e.g. `'$."order"'` (only declared fields are inlined). */
export function jsonPathLiteral(path: FieldPath): string {
  return `'${toJsonPath(path).replaceAll("'", "''")}'`;
}

/** The name of a declared field's index (PostgreSQL shortens a long one: postgres/to-pg-sql.ts). */
export function fieldIndexName(field: string): string {
  return `items_field:${field}`;
}

/** A declared field's indexed expression: the compiler writes exactly this for SQLite to match. */
export function fieldExpression(path: FieldPath): string {
  return `json_extract(${DATA_COLUMN}, ${jsonPathLiteral(path)})`;
}

export type CompileOptions = {
  /** JSON paths (`toJsonPath`) of the collection's declared fields. */
  declared?: ReadonlySet<string>;
  /** The collection: index-served equality looks its rows up by it. */
  collectionId?: string;
};

const NUMBER_TYPES = "('integer', 'real')";

class Compiler {
  readonly params: SqlParams = {};
  private next = 0;
  private readonly paths = new Map<string, string>();
  private collectionParam: string | undefined;
  private readonly options: CompileOptions;

  constructor(options: CompileOptions) {
    this.options = options;
  }

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

  /**
   * `positive`: not under a `$not`. There SQL NULL already counts as false, so a condition needs
   * no `coalesce` and a declared field can be written in its index-friendly form.
   */
  node(node: FilterNode, positive = true): string {
    switch (node.type) {
      case "and":
        return node.nodes.length === 0
          ? "1"
          : `(${node.nodes.map((n) => this.node(n, positive)).join(" AND ")})`;
      case "or":
        return node.nodes.length === 0
          ? "0"
          : `(${node.nodes.map((n) => this.node(n, positive)).join(" OR ")})`;
      case "not":
        return `(NOT ${this.node(node.node, false)})`;
      case "eq": {
        if (node.value === null) {
          if (positive && this.isDeclared(node.path)) {
            // json_extract is NULL exactly when the field is missing or JSON null.
            return `(${fieldExpression(node.path)} IS NULL)`;
          }
          const { type } = this.field(node.path);
          return `(${type} IS NULL OR ${type} = 'null')`;
        }
        return this.anyEqual(node.path, [node.value], positive);
      }
      case "compare": {
        const indexed = positive ? this.indexedCompare(node.path, node.op, node.value) : null;
        return (
          indexed ?? truthy(this.compare(this.field(node.path), COMPARE_SQL[node.op], node.value))
        );
      }
      case "in":
        return node.values.length === 0 ? "0" : this.anyEqual(node.path, node.values, positive);
      case "hasAll":
        return node.values.length === 0
          ? "0"
          : joinBalanced(
              node.values.map((v) => this.anyEqual(node.path, [v], positive)),
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

  private isDeclared(path: FieldPath): boolean {
    return this.options.declared?.has(toJsonPath(path)) === true;
  }

  /** The declared field's literal expressions, when it is declared. */
  private declaredField(path: FieldPath): Source | null {
    if (!this.isDeclared(path)) return null;
    return {
      type: `json_type(${DATA_COLUMN}, ${jsonPathLiteral(path)})`,
      value: fieldExpression(path),
    };
  }

  /** A range on a declared field: the index searches the bound, `json_type` drops other kinds. */
  private indexedCompare(path: FieldPath, op: CompareOp, operand: ScalarValue): string | null {
    const field = this.declaredField(path);
    if (field === null) return null;
    const bound = `${field.value} ${COMPARE_SQL[op]}`;
    if (operand.kind === "string")
      return `(${bound} ${this.bind(operand.value)} AND ${field.type} = 'text')`;
    if (operand.kind === "number") {
      return `(${bound} ${this.bind(operand.value)} AND ${field.type} IN ${NUMBER_TYPES})`;
    }
    return null;
  }

  /**
   * Equality on a declared field as rowid lookups: one index search per operand kind, plus
   * the arrays holding an operand. Arrays read as their JSON text, which starts with `[`, so
   * they too are one index range. (An OR of these would make SQLite scan the collection.)
   */
  private indexedAnyEqual(path: FieldPath, values: readonly ScalarValue[]): string | null {
    const field = this.declaredField(path);
    const collectionId = this.options.collectionId;
    if (field === null || collectionId === undefined) return null;
    if (values.some((value) => value.kind !== "string" && value.kind !== "number")) return null;
    this.collectionParam ??= this.bind(collectionId);
    const rowsWhere = (condition: string) =>
      `SELECT seq FROM items WHERE collection_id = ${this.collectionParam} AND ${condition}`;
    const branches: string[] = [];
    for (const kind of ["string", "number"] as const) {
      const ofKind = values.filter((value) => value.kind === kind);
      if (ofKind.length === 0) continue;
      const list = ofKind.map((value) => this.bind(value.value as string | number)).join(", ");
      const type =
        kind === "string" ? `${field.type} = 'text'` : `${field.type} IN ${NUMBER_TYPES}`;
      branches.push(rowsWhere(`${field.value} IN (${list}) AND ${type}`));
    }
    const element: Source = { type: "e.type", value: "e.value" };
    branches.push(
      rowsWhere(
        `${field.value} >= '[' AND ${field.value} < '\\' AND ${field.type} = 'array' AND EXISTS (SELECT 1 FROM json_each(${DATA_COLUMN}, ${jsonPathLiteral(path)}) AS e WHERE ${this.equalsOneOf(element, values)})`,
      ),
    );
    return `(seq IN (${branches.join(" UNION ALL ")}))`;
  }

  /** The field equals one of the values, or is an array with an element that does. */
  private anyEqual(path: FieldPath, values: readonly ScalarValue[], positive: boolean): string {
    const indexed = positive ? this.indexedAnyEqual(path, values) : null;
    if (indexed !== null) return indexed;
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

  /**
   * `singleKind`: paths whose values in the result are all of one kind (a range on them holds),
   * so a declared one sorts by its plain indexed expression, in index order.
   */
  orderBy(sort: SortSpec, singleKind: ReadonlySet<string> = new Set()): string {
    const terms: string[] = [];
    for (const [index, { path, order }] of sort.entries()) {
      if (index === 0 && this.isDeclared(path) && singleKind.has(toJsonPath(path))) {
        terms.push(`${fieldExpression(path)} ${order}`);
        continue;
      }
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

/**
 * Paths that a range condition ANDed into the whole filter restricts to one kind of value
 * (numbers or strings): every matching item holds that kind there.
 */
function singleKindPaths(node: FilterNode): Set<string> {
  if (node.type === "and")
    return new Set(node.nodes.flatMap((child) => [...singleKindPaths(child)]));
  if (node.type === "compare" && (node.value.kind === "string" || node.value.kind === "number")) {
    return new Set([toJsonPath(node.path)]);
  }
  return new Set();
}

/** A boolean SQL expression over `data` for the filter, plus its parameters. */
export function compileFilter(node: FilterNode, options: CompileOptions = {}): SqlFragment {
  const compiler = new Compiler(options);
  return { sql: compiler.node(node), params: compiler.params };
}

/**
 * The WHERE expression and ORDER BY terms for a filter and sort, sharing one parameter set.
 * `orderBy` is empty when there is no sort; callers append the insertion order (`seq`) as
 * tie-breaker, and query the `items` table (index-served equality selects from it by `seq`).
 */
export function compileQuery(
  node: FilterNode,
  sort: SortSpec,
  options: CompileOptions = {},
): { where: string; orderBy: string; params: SqlParams } {
  const compiler = new Compiler(options);
  const where = compiler.node(node);
  const orderBy = compiler.orderBy(sort, singleKindPaths(node));
  return { where, orderBy, params: compiler.params };
}
