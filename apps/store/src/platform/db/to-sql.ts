/**
 * @module The query compiler: a parsed filter and sort become a WHERE expression and ORDER BY
 * terms over the items' JSON `data` column, with the semantics of the in-memory evaluator
 * (query/evaluate.ts), for either engine. The walk over the filter, the parameters, the
 * three-valued logic and the declared-field bookkeeping are written once here; what each engine
 * spells differently (how a value and its kind are read, compared, matched and sorted, and how a
 * declared field's index is searched) is its dialect table: sqlite-sql.ts, postgres/to-pg-sql.ts.
 *
 * Values and field paths are always bound parameters (`@p0, @p1, ...`). Kinds never mix: every
 * condition checks the value's JSON kind first. Declared fields (declared-fields.ts) are the
 * exception to binding: outside any `$not`, their conditions and sort name the path literally,
 * as their expression index does, so the engine can search the index.
 */
import type {
  CompareOp,
  FieldPath,
  FilterNode,
  MatchesSpecPart,
  ScalarValue,
  SortOrder,
  SortSpec,
  StringOp,
} from "../query/types.ts";

export type SqlParams = Record<string, string | number | boolean>;
export type SqlFragment = { sql: string; params: SqlParams };

export type CompileOptions = {
  /** JSON paths (`toJsonPath`) of the collection's declared fields. */
  declared?: ReadonlySet<string>;
  /** The collection: an index search may look its rows up by it. */
  collectionId?: string;
};

/** Binds a value as the next parameter and returns its placeholder. */
export type Bind = (value: string | number | boolean) => string;

/** A JSON value in SQL: its kind (`type`), its value, and where it is (the dialect's own). */
export type Source = { type: string; value: string; at: string };

/** A declared field's condition, for the dialect to serve from the field's index. */
export type IndexedTerm = {
  path: FieldPath;
  bind: Bind;
  /** The collection's id, bound once per query; null when the caller did not say. */
  collection(): string | null;
  /** The condition as it would be without the index (compiled once, when first asked). */
  exact(): string;
};

/** What an engine spells its own way; everything else is the compiler's. */
export type SqlDialect = {
  readonly true: string;
  readonly false: string;
  /** A value as it is bound (PostgreSQL: text without NUL). */
  param(value: string | number | boolean): string | number | boolean;
  /** The value at `path` (asked once per path and query). */
  field(path: FieldPath, bind: Bind): Source;
  isNull(source: Source): string;
  exists(source: Source, present: boolean): string;
  compare(source: Source, op: CompareOp, operand: ScalarValue, bind: Bind): string;
  /** Same-kind equality with any of `values`. */
  equalsOneOf(source: Source, values: readonly ScalarValue[], bind: Bind): string;
  /** The value is an array with an element for which `where` holds. */
  anyElement(source: Source, where: (element: Source) => string): string;
  stringMatch(source: Source, op: StringOp, operand: string, bind: Bind): string;
  matches(source: Source, ignoreCase: boolean, spec: MatchesSpecPart[], bind: Bind): string;
  /**
   * One field's ORDER BY terms. `declared` with `singleKind` (every value in the result has one
   * kind there) and `first` say when the index's own order may serve.
   */
  sortTerms(
    path: FieldPath,
    order: SortOrder,
    field: () => Source,
    at: { declared: boolean; first: boolean; singleKind: boolean },
  ): string[];
  /** A declared field's index search for a condition, or null to keep the exact condition. */
  indexed: {
    isNull(term: IndexedTerm): string | null;
    compare(term: IndexedTerm, op: CompareOp, operand: ScalarValue): string | null;
    anyEqual(term: IndexedTerm, values: readonly ScalarValue[]): string | null;
  };
};

export const COMPARE_SQL = { gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;

/** Quotes each segment as a JSON-path label; SQLite decodes the same escapes as JSON. */
export function toJsonPath(path: FieldPath): string {
  return `$${path.map((segment) => `.${JSON.stringify(segment)}`).join("")}`;
}

/** The name of a declared field's index (PostgreSQL shortens a long one: postgres/to-pg-sql.ts). */
export function fieldIndexName(field: string): string {
  return `items_field:${field}`;
}

class Compiler {
  readonly params: SqlParams = {};
  private next = 0;
  private readonly fields = new Map<string, Source>();
  private collectionParam: string | undefined;
  private readonly dialect: SqlDialect;
  private readonly options: CompileOptions;
  readonly bind: Bind = (value) => {
    const name = `p${this.next++}`;
    this.params[name] = this.dialect.param(value);
    return `@${name}`;
  };

  constructor(dialect: SqlDialect, options: CompileOptions) {
    this.dialect = dialect;
    this.options = options;
  }

  field(path: FieldPath): Source {
    const key = toJsonPath(path);
    let source = this.fields.get(key);
    if (source === undefined) {
      source = this.dialect.field(path, this.bind);
      this.fields.set(key, source);
    }
    return source;
  }

  /**
   * `positive`: not under a `$not`. There SQL NULL already counts as false, so a condition needs
   * no `coalesce` and a declared field's condition may be served by its index.
   */
  node(node: FilterNode, positive = true): string {
    const sql = this.dialect;
    switch (node.type) {
      case "and":
        return node.nodes.length === 0
          ? sql.true
          : `(${node.nodes.map((n) => this.node(n, positive)).join(" AND ")})`;
      case "or":
        return node.nodes.length === 0
          ? sql.false
          : `(${node.nodes.map((n) => this.node(n, positive)).join(" OR ")})`;
      case "not":
        return `(NOT ${this.node(node.node, false)})`;
      case "eq":
        if (node.value === null) {
          return this.indexed(node.path, positive, sql.indexed.isNull, () =>
            sql.isNull(this.field(node.path)),
          );
        }
        return this.anyEqual(node.path, [node.value], positive);
      case "compare":
        return this.indexed(
          node.path,
          positive,
          (term) => sql.indexed.compare(term, node.op, node.value),
          () => this.truthy(sql.compare(this.field(node.path), node.op, node.value, this.bind)),
        );
      case "in":
        return node.values.length === 0
          ? sql.false
          : this.anyEqual(node.path, node.values, positive);
      case "hasAll":
        return node.values.length === 0
          ? sql.false
          : joinBalanced(
              node.values.map((v) => this.anyEqual(node.path, [v], positive)),
              "AND",
              sql.true,
            );
      case "string":
        return this.truthy(sql.stringMatch(this.field(node.path), node.op, node.value, this.bind));
      case "exists":
        return sql.exists(this.field(node.path), node.value);
      case "matches":
        return this.truthy(
          sql.matches(this.field(node.path), node.ignoreCase, node.spec, this.bind),
        );
    }
  }

  private isDeclared(path: FieldPath): boolean {
    return this.options.declared?.has(toJsonPath(path)) === true;
  }

  /** The dialect's index search for a declared field outside `$not`, else the exact condition. */
  private indexed(
    path: FieldPath,
    positive: boolean,
    search: (term: IndexedTerm) => string | null,
    exact: () => string,
  ): string {
    if (!positive || !this.isDeclared(path)) return exact();
    let compiled: string | undefined;
    const once = () => {
      compiled ??= exact();
      return compiled;
    };
    const collectionId = this.options.collectionId;
    const term: IndexedTerm = {
      path,
      bind: this.bind,
      collection: () => {
        if (collectionId === undefined) return null;
        this.collectionParam ??= this.bind(collectionId);
        return this.collectionParam;
      },
      exact: once,
    };
    return search(term) ?? once();
  }

  /** The field equals one of the values, or is an array with an element that does. */
  private anyEqual(path: FieldPath, values: readonly ScalarValue[], positive: boolean): string {
    const sql = this.dialect;
    return this.indexed(
      path,
      positive,
      (term) => sql.indexed.anyEqual(term, values),
      () => {
        const field = this.field(path);
        const equal = sql.equalsOneOf(field, values, this.bind);
        const element = sql.anyElement(field, (e) => sql.equalsOneOf(e, values, this.bind));
        return this.truthy(`${equal} OR ${element}`);
      },
    );
  }

  /** SQL three-valued logic: a NULL must count as false so that NOT stays a true negation. */
  private truthy(sql: string): string {
    return `coalesce((${sql}), ${this.dialect.false})`;
  }

  orderBy(sort: SortSpec, singleKind: ReadonlySet<string>): string {
    return sort
      .flatMap(({ path, order }, index) =>
        this.dialect.sortTerms(path, order, () => this.field(path), {
          declared: this.isDeclared(path),
          first: index === 0,
          singleKind: singleKind.has(toJsonPath(path)),
        }),
      )
      .join(", ");
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
export function compileFilter(
  dialect: SqlDialect,
  node: FilterNode,
  options: CompileOptions = {},
): SqlFragment {
  const compiler = new Compiler(dialect, options);
  return { sql: compiler.node(node), params: compiler.params };
}

/**
 * The WHERE expression and ORDER BY terms for a filter and sort, sharing one parameter set.
 * `orderBy` is empty when there is no sort; callers append the insertion order (`seq`) as
 * tie-breaker, and query the `items` table (an index search may select from it by `seq`).
 */
export function compileQuery(
  dialect: SqlDialect,
  node: FilterNode,
  sort: SortSpec,
  options: CompileOptions = {},
): { where: string; orderBy: string; params: SqlParams } {
  const compiler = new Compiler(dialect, options);
  const where = compiler.node(node);
  const orderBy = compiler.orderBy(sort, singleKindPaths(node));
  return { where, orderBy, params: compiler.params };
}
