/**
 * @module Compiles a parsed filter and sort to PostgreSQL over the items' jsonb `data` column,
 * with the semantics of the in-memory evaluator (query/evaluate.ts), like db/to-sql.ts does for
 * SQLite. Values and field paths are bound as named parameters `@p0, @p1, ...` (the connection
 * layer numbers them `$n`); strings lose their NUL characters first (without-nul.ts).
 *
 * Kinds never mix: each condition checks `jsonb_typeof`, and a cast happens only inside a CASE
 * that checked the kind first (PostgreSQL does not promise to evaluate AND left to right).
 * Sorting uses `store_sort_key`, one byte string in the evaluator's total order.
 *
 * Declared fields (declared-fields.ts) have an expression index on `store_index_key`, the sort
 * key cut to a btree entry's size: outside any `$not`, their equality, range and sort terms add
 * inclusive bounds on that expression, which the index searches, to the exact condition.
 * Needs the functions of migrations/postgres/0002-query-functions.sql.
 */
import type {
  CompareOp,
  FieldPath,
  FilterNode,
  ScalarValue,
  SortSpec,
  StringOp,
} from "../../query/types.ts";
import { type CompileOptions, fieldIndexName, toJsonPath } from "../to-sql.ts";
import { textWithoutNul, withoutNul } from "./without-nul.ts";

export type { CompileOptions };
export type PgParams = Record<string, string | number | boolean>;

/** A JSON value in SQL: the jsonb expression (SQL NULL when missing) and its `jsonb_typeof`. */
type Source = { json: string; type: string };

const DATA_COLUMN = "data";

const COMPARE_SQL = { gt: ">", gte: ">=", lt: "<", lte: "<=" } as const;

/** The rank byte `store_sort_key` starts a kind's keys with; the next rank bounds them above. */
const KIND_RANK = { boolean: 1, number: 2, string: 3, date: 4 } as const;
const NULL_KEY = "'\\x00'::bytea";
/** Arrays and objects that are not dates: their key is the bare rank byte. */
const OTHER_KEY = "'\\x05'::bytea";

/** PostgreSQL truncates identifiers to 63 bytes; longer index names end in a hash instead. */
const MAX_IDENTIFIER_BYTES = 63;

function rankKey(rank: number): string {
  return `'\\x0${rank}'::bytea`;
}

function quoteLiteral(text: string): string {
  return `'${textWithoutNul(text).replaceAll("'", "''")}'`;
}

function quoteIdentifier(name: string): string {
  return `"${textWithoutNul(name).replaceAll('"', '""')}"`;
}

/** The jsonb value at a path, segments inlined: `data -> 'itemData' -> 'title'`. */
function literalJson(path: FieldPath): string {
  return `${DATA_COLUMN}${path.map((segment) => ` -> ${quoteLiteral(segment)}`).join("")}`;
}

/** A declared field's indexed expression: the compiler writes exactly this for the index to serve. */
export function fieldExpression(path: FieldPath): string {
  return `store_index_key(${literalJson(path)})`;
}

/** The field's index name, as SQLite's (to-sql.ts), hashed when past 63 bytes. */
export function pgFieldIndexName(field: string): string {
  const name = fieldIndexName(field);
  if (Buffer.byteLength(name) <= MAX_IDENTIFIER_BYTES) return name;
  return `${name.slice(0, 40)}:${fnv1a(field)}`;
}

/** A short stable hash (FNV-1a, 32 bits, hex): enough to tell long field names apart. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text)) {
    hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/** The expression index of a declared field (`path`: its dot-separated segments). */
export function declaredFieldIndexSql(field: string, path: FieldPath): string {
  return `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(pgFieldIndexName(field))} ON items (collection_id, ${fieldExpression(path)})`;
}

/** A value as jsonb text for a parameter (`-0` is written `0`, as stored numbers are). */
function jsonText(value: unknown): string {
  return JSON.stringify(withoutNul(value));
}

class Compiler {
  readonly params: PgParams = {};
  private next = 0;
  private readonly paths = new Map<string, string>();
  private readonly options: CompileOptions;

  constructor(options: CompileOptions) {
    this.options = options;
  }

  bind(value: string | number | boolean): string {
    const name = `p${this.next++}`;
    this.params[name] = typeof value === "string" ? textWithoutNul(value) : value;
    return `@${name}`;
  }

  /** The path's jsonb, segments bound; `->` with text never indexes into arrays, as lookup(). */
  field(path: FieldPath): Source {
    const key = toJsonPath(path);
    let json = this.paths.get(key);
    if (json === undefined) {
      json = `${DATA_COLUMN}${path.map((segment) => ` -> ${this.bind(segment)}::text`).join("")}`;
      this.paths.set(key, json);
    }
    return { json, type: `jsonb_typeof(${json})` };
  }

  /**
   * `positive`: not under a `$not`. There SQL NULL already counts as false, and a declared
   * field's condition gains its index bounds.
   */
  node(node: FilterNode, positive = true): string {
    switch (node.type) {
      case "and":
        return node.nodes.length === 0
          ? "TRUE"
          : `(${node.nodes.map((n) => this.node(n, positive)).join(" AND ")})`;
      case "or":
        return node.nodes.length === 0
          ? "FALSE"
          : `(${node.nodes.map((n) => this.node(n, positive)).join(" OR ")})`;
      case "not":
        return `(NOT ${this.node(node.node, false)})`;
      case "eq": {
        if (node.value === null) {
          const { json } = this.field(node.path);
          const exact = `(${json} IS NULL OR ${json} = 'null'::jsonb)`;
          return this.withIndex(node.path, positive, (key) => `${key} = ${NULL_KEY}`, exact);
        }
        return this.anyEqual(node.path, [node.value], positive);
      }
      case "compare": {
        const exact = truthy(this.compare(this.field(node.path), node.op, node.value));
        return this.withIndex(
          node.path,
          positive,
          (key) => this.rangeBounds(key, node.op, node.value),
          exact,
        );
      }
      case "in":
        return node.values.length === 0 ? "FALSE" : this.anyEqual(node.path, node.values, positive);
      case "hasAll":
        return node.values.length === 0
          ? "FALSE"
          : `(${node.values.map((v) => this.anyEqual(node.path, [v], positive)).join(" AND ")})`;
      case "string":
        return truthy(this.stringMatch(this.field(node.path), node.op, node.value));
      case "exists": {
        const { json } = this.field(node.path);
        return `(${json} IS ${node.value ? "NOT NULL" : "NULL"})`;
      }
      case "matches": {
        const { json, type } = this.field(node.path);
        const spec = this.bind(jsonText(node.spec));
        const ignoreCase = this.bind(node.ignoreCase);
        return truthy(
          `${type} = 'string' AND store_matches(${json} #>> '{}', ${ignoreCase}::boolean, ${spec}::jsonb)`,
        );
      }
    }
  }

  private isDeclared(path: FieldPath): boolean {
    return this.options.declared?.has(toJsonPath(path)) === true;
  }

  /** The exact condition, ANDed with index bounds when the field is declared and `positive`. */
  private withIndex(
    path: FieldPath,
    positive: boolean,
    bounds: (key: string) => string,
    exact: string,
  ): string {
    if (!positive || !this.isDeclared(path)) return exact;
    return `(${bounds(fieldExpression(path))} AND ${exact})`;
  }

  /** The operand's index key: `store_index_key` of the jsonb it equals, or a date's key. */
  private operandKey(operand: ScalarValue): string {
    if (operand.kind === "date") return `store_date_key(${this.bind(operand.value)}::bigint)`;
    return `store_index_key(${this.bind(jsonText(operand.value))}::jsonb)`;
  }

  /**
   * Inclusive bounds on the index key around the values in range: the operand's key on one
   * side, its kind's rank on the other (keys cut to index size only keep `<=`, not `<`).
   */
  private rangeBounds(key: string, op: CompareOp, operand: ScalarValue): string {
    const rank = KIND_RANK[operand.kind];
    const operandKey = this.operandKey(operand);
    return op === "gt" || op === "gte"
      ? `${key} >= ${operandKey} AND ${key} < ${rankKey(rank + 1)}`
      : `${key} <= ${operandKey} AND ${key} >= ${rankKey(rank)}`;
  }

  /** The field equals one of the values, or is an array with an element that does. */
  private anyEqual(path: FieldPath, values: readonly ScalarValue[], positive: boolean): string {
    const field = this.field(path);
    const element: Source = { json: "element.value", type: "jsonb_typeof(element.value)" };
    const exact = truthy(
      `${this.equalsOneOf(field, values)} OR EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN ${field.type} = 'array' THEN ${field.json} END) AS element(value) WHERE ${this.equalsOneOf(element, values)})`,
    );
    // One index search for the operands' keys and for arrays, which may hold one.
    const keys = (key: string) =>
      `${key} = ANY (ARRAY[${[...values.map((value) => this.operandKey(value)), OTHER_KEY].join(", ")}])`;
    return this.withIndex(path, positive, keys, exact);
  }

  /** Same-kind equality with any value: jsonb equality keeps kinds apart, dates by epoch ms. */
  private equalsOneOf(source: Source, values: readonly ScalarValue[]): string {
    const terms: string[] = [];
    const scalars = values.flatMap((value) => (value.kind === "date" ? [] : [value.value]));
    if (scalars.length > 0) {
      const list = scalars.map((value) => `${this.bind(jsonText(value))}::jsonb`).join(", ");
      terms.push(`${source.json} IN (${list})`);
    }
    const dates = values.flatMap((value) => (value.kind === "date" ? [value.value] : []));
    if (dates.length > 0) {
      const list = dates.map((ms) => `${this.bind(ms)}::bigint`).join(", ");
      terms.push(`store_date_ms(${source.json}) IN (${list})`);
    }
    return `(${terms.join(" OR ")})`;
  }

  private compare(source: Source, op: CompareOp, operand: ScalarValue): string {
    const { json, type } = source;
    const sqlOp = COMPARE_SQL[op];
    switch (operand.kind) {
      case "string":
        return `${type} = 'string' AND (${json} #>> '{}') COLLATE "C" ${sqlOp} ${this.bind(operand.value)}::text`;
      case "number":
        return `(CASE WHEN ${type} = 'number' THEN (${json})::numeric END) ${sqlOp} ${this.bind(operand.value)}::numeric`;
      case "boolean":
        return `(CASE WHEN ${type} = 'boolean' THEN (${json})::boolean END) ${sqlOp} ${this.bind(operand.value)}::boolean`;
      case "date":
        return `store_date_ms(${json}) ${sqlOp} ${this.bind(operand.value)}::bigint`;
    }
  }

  private stringMatch(source: Source, op: StringOp, operand: string): string {
    const text = `store_unicode_lower(${source.json} #>> '{}')`;
    const bound = `${this.bind(operand)}::text`;
    const match =
      op === "startsWith"
        ? `starts_with(${text}, ${bound})`
        : op === "endsWith"
          ? `right(${text}, length(${bound})) = ${bound}`
          : `strpos(${text}, ${bound}) > 0`;
    return `${source.type} = 'string' AND ${match}`;
  }

  /**
   * Each field by its sort key; a declared one first by its indexed key, whose order the index
   * gives, then by the full key for values that share the index key's 1024 bytes.
   */
  orderBy(sort: SortSpec): string {
    return sort
      .flatMap(({ path, order }) => {
        const sortKey = `store_sort_key(${this.isDeclared(path) ? literalJson(path) : this.field(path).json}) ${order}`;
        return this.isDeclared(path) ? [`${fieldExpression(path)} ${order}`, sortKey] : [sortKey];
      })
      .join(", ");
  }
}

/** SQL three-valued logic: a NULL must count as false so that NOT stays a true negation. */
function truthy(sql: string): string {
  return `coalesce((${sql}), FALSE)`;
}

/** A boolean SQL expression over `data` for the filter, plus its parameters. */
export function compileFilter(
  node: FilterNode,
  options: CompileOptions = {},
): { sql: string; params: PgParams } {
  const compiler = new Compiler(options);
  return { sql: compiler.node(node), params: compiler.params };
}

/**
 * The WHERE expression and ORDER BY terms for a filter and sort, sharing one parameter set
 * (named `@p0, @p1, ...`). `orderBy` is empty when there is no sort; callers append the
 * insertion order (`seq`) as tie-breaker. `options.collectionId` is not needed here: PostgreSQL
 * combines index searches itself.
 */
export function compileQuery(
  node: FilterNode,
  sort: SortSpec,
  options: CompileOptions = {},
): { where: string; orderBy: string; params: PgParams } {
  const compiler = new Compiler(options);
  const where = compiler.node(node);
  const orderBy = compiler.orderBy(sort);
  return { where, orderBy, params: compiler.params };
}
