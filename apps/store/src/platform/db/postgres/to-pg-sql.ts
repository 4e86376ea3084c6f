/**
 * @module PostgreSQL's dialect of the query compiler (../to-sql.ts), over the items' jsonb
 * `data` column. The connection layer numbers the parameters `$n`; strings lose their NUL
 * characters first (without-nul.ts).
 *
 * Kinds never mix: each condition checks `jsonb_typeof`, and a cast happens only inside a CASE
 * that checked the kind first (PostgreSQL does not promise to evaluate AND left to right).
 * Sorting uses `store_sort_key`, one byte string in the evaluator's total order.
 *
 * Declared fields (../declared-fields.ts) have an expression index on `store_index_key`, the sort
 * key cut to a btree entry's size: outside any `$not`, their equality, range and sort terms add
 * inclusive bounds on that expression, which the index searches, to the exact condition.
 * Needs the functions of migrations/postgres/0002-query-functions.sql.
 */
import type { FieldPath, ScalarValue } from "../../query/types.ts";
import { quoteName } from "../sql-db.ts";
import { type Bind, COMPARE_SQL, fieldIndexName, type Source, type SqlDialect } from "../to-sql.ts";
import { textWithoutNul, withoutNul } from "./without-nul.ts";

const DATA_COLUMN = "data";

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

/** The jsonb value at a path, segments inlined: `data -> 'itemData' -> 'title'`. */
function literalJson(path: FieldPath): string {
  return `${DATA_COLUMN}${path.map((segment) => ` -> ${quoteLiteral(segment)}`).join("")}`;
}

/** A declared field's indexed expression: the compiler writes exactly this for the index to serve. */
export function fieldExpression(path: FieldPath): string {
  return `store_index_key(${literalJson(path)})`;
}

/** The field's index name, as SQLite's (../to-sql.ts), hashed when past 63 bytes. */
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
  return `CREATE INDEX IF NOT EXISTS ${quoteName(textWithoutNul(pgFieldIndexName(field)))} ON items (collection_id, ${fieldExpression(path)})`;
}

/** A value as jsonb text for a parameter (`-0` is written `0`, as stored numbers are). */
function jsonText(value: unknown): string {
  return JSON.stringify(withoutNul(value));
}

/** The operand's index key: `store_index_key` of the jsonb it equals, or a date's key. */
function operandKey(operand: ScalarValue, bind: Bind): string {
  if (operand.kind === "date") return `store_date_key(${bind(operand.value)}::bigint)`;
  return `store_index_key(${bind(jsonText(operand.value))}::jsonb)`;
}

/** Same-kind equality with any value: jsonb equality keeps kinds apart, dates by epoch ms. */
function equalsOneOf(source: Source, values: readonly ScalarValue[], bind: Bind): string {
  const terms: string[] = [];
  const scalars = values.flatMap((value) => (value.kind === "date" ? [] : [value.value]));
  if (scalars.length > 0) {
    const list = scalars.map((value) => `${bind(jsonText(value))}::jsonb`).join(", ");
    terms.push(`${source.value} IN (${list})`);
  }
  const dates = values.flatMap((value) => (value.kind === "date" ? [value.value] : []));
  if (dates.length > 0) {
    const list = dates.map((ms) => `${bind(ms)}::bigint`).join(", ");
    terms.push(`store_date_ms(${source.value}) IN (${list})`);
  }
  return `(${terms.join(" OR ")})`;
}

export const PG_SQL: SqlDialect = {
  true: "TRUE",
  false: "FALSE",
  param: (value) => (typeof value === "string" ? textWithoutNul(value) : value),

  /** The path's jsonb, segments bound; `->` with text never indexes into arrays, as lookup(). */
  field(path, bind) {
    const json = `${DATA_COLUMN}${path.map((segment) => ` -> ${bind(segment)}::text`).join("")}`;
    return { type: `jsonb_typeof(${json})`, value: json, at: json };
  },

  isNull: ({ value }) => `(${value} IS NULL OR ${value} = 'null'::jsonb)`,
  exists: ({ value }, present) => `(${value} IS ${present ? "NOT NULL" : "NULL"})`,

  compare({ type, value }, op, operand, bind) {
    const sqlOp = COMPARE_SQL[op];
    switch (operand.kind) {
      case "string":
        return `${type} = 'string' AND (${value} #>> '{}') COLLATE "C" ${sqlOp} ${bind(operand.value)}::text`;
      case "number":
        return `(CASE WHEN ${type} = 'number' THEN (${value})::numeric END) ${sqlOp} ${bind(operand.value)}::numeric`;
      case "boolean":
        return `(CASE WHEN ${type} = 'boolean' THEN (${value})::boolean END) ${sqlOp} ${bind(operand.value)}::boolean`;
      case "date":
        return `store_date_ms(${value}) ${sqlOp} ${bind(operand.value)}::bigint`;
    }
  },

  equalsOneOf,

  anyElement: ({ type, value }, where) =>
    `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN ${type} = 'array' THEN ${value} END) AS element(value) WHERE ${where({ type: "jsonb_typeof(element.value)", value: "element.value", at: "element.value" })})`,

  stringMatch({ type, value }, op, operand, bind) {
    const text = `store_unicode_lower(${value} #>> '{}')`;
    const bound = `${bind(operand)}::text`;
    const match =
      op === "startsWith"
        ? `starts_with(${text}, ${bound})`
        : op === "endsWith"
          ? `right(${text}, length(${bound})) = ${bound}`
          : `strpos(${text}, ${bound}) > 0`;
    return `${type} = 'string' AND ${match}`;
  },

  matches({ type, value }, ignoreCase, spec, bind) {
    const specParam = bind(jsonText(spec));
    return `${type} = 'string' AND store_matches(${value} #>> '{}', ${bind(ignoreCase)}::boolean, ${specParam}::jsonb)`;
  },

  /**
   * Each field by its sort key; a declared one first by its indexed key, whose order the index
   * gives, then by the full key for values that share the index key's 1024 bytes.
   */
  sortTerms(path, order, field, { declared }) {
    if (!declared) return [`store_sort_key(${field().value}) ${order}`];
    return [`${fieldExpression(path)} ${order}`, `store_sort_key(${literalJson(path)}) ${order}`];
  },

  // Each search is bounds on the index key ANDed with the exact condition.
  indexed: {
    isNull: ({ path, exact }) => {
      const condition = exact();
      return `(${fieldExpression(path)} = ${NULL_KEY} AND ${condition})`;
    },

    /**
     * Inclusive bounds around the values in range: the operand's key on one side, its kind's
     * rank on the other (keys cut to index size only keep `<=`, not `<`).
     */
    compare({ path, bind, exact }, op, operand) {
      const condition = exact();
      const key = fieldExpression(path);
      const rank = KIND_RANK[operand.kind];
      const bound = operandKey(operand, bind);
      const bounds =
        op === "gt" || op === "gte"
          ? `${key} >= ${bound} AND ${key} < ${rankKey(rank + 1)}`
          : `${key} <= ${bound} AND ${key} >= ${rankKey(rank)}`;
      return `(${bounds} AND ${condition})`;
    },

    /** One index search for the operands' keys and for arrays, which may hold one. */
    anyEqual({ path, bind, exact }, values) {
      const condition = exact();
      const keys = [...values.map((value) => operandKey(value, bind)), OTHER_KEY].join(", ");
      return `(${fieldExpression(path)} = ANY (ARRAY[${keys}]) AND ${condition})`;
    },
  },
};
