/**
 * @module SQLite's dialect of the query compiler (to-sql.ts): JSON read with `json_type` and
 * `json_extract`, the path bound once per query. A declared field's index is
 * `(collection_id, json_extract(data, '<path>'))`: its equality, range and sort terms name the
 * path literally, as the index does, and keep the kind check as a residual filter. Needs the
 * functions registered by sql-functions.ts: unicode_lower, date_ms, string_match, wix_matches.
 */
import type { FieldPath, ScalarValue } from "../query/types.ts";
import { COMPARE_SQL, type Source, type SqlDialect, toJsonPath } from "./to-sql.ts";

const DATA_COLUMN = "data";
const NUMBER_TYPES = "('integer', 'real')";

/** The path as a SQL string literal, e.g. `'$."order"'` (only declared fields are inlined). */
export function jsonPathLiteral(path: FieldPath): string {
  return `'${toJsonPath(path).replaceAll("'", "''")}'`;
}

/** A declared field's indexed expression: the compiler writes exactly this for SQLite to match. */
export function fieldExpression(path: FieldPath): string {
  return `json_extract(${DATA_COLUMN}, ${jsonPathLiteral(path)})`;
}

/** The declared field's literal expressions (no parameter: the index names the path). */
function declaredField(path: FieldPath): Source {
  const at = jsonPathLiteral(path);
  return { type: `json_type(${DATA_COLUMN}, ${at})`, value: fieldExpression(path), at };
}

function equalsOneOf(
  source: Source,
  values: readonly ScalarValue[],
  bind: (v: string | number) => string,
): string {
  const byKind = new Map<ScalarValue["kind"], string[]>();
  for (const value of values) {
    const bound = bind(value.kind === "boolean" ? (value.value ? "true" : "false") : value.value);
    byKind.set(value.kind, [...(byKind.get(value.kind) ?? []), bound]);
  }
  const terms = [...byKind].map(([kind, params]) => {
    const list = params.join(", ");
    if (kind === "string") return `(${source.type} = 'text' AND ${source.value} IN (${list}))`;
    if (kind === "number")
      return `(${source.type} IN ${NUMBER_TYPES} AND ${source.value} IN (${list}))`;
    if (kind === "boolean") return `(${source.type} IN (${list}))`;
    return `(${source.type} = 'object' AND date_ms(${source.value}) IN (${list}))`;
  });
  return `(${terms.join(" OR ")})`;
}

function anyElement(source: Source, where: (element: Source) => string): string {
  const element: Source = { type: "e.type", value: "e.value", at: "e" };
  return `(${source.type} = 'array' AND EXISTS (SELECT 1 FROM json_each(${DATA_COLUMN}, ${source.at}) AS e WHERE ${where(element)}))`;
}

export const SQLITE_SQL: SqlDialect = {
  true: "1",
  false: "0",
  param: (value) => (typeof value === "boolean" ? (value ? 1 : 0) : value),

  field(path, bind) {
    const at = bind(toJsonPath(path));
    return {
      type: `json_type(${DATA_COLUMN}, ${at})`,
      value: `json_extract(${DATA_COLUMN}, ${at})`,
      at,
    };
  },

  isNull: ({ type }) => `(${type} IS NULL OR ${type} = 'null')`,
  exists: ({ type }, present) => `(${type} IS ${present ? "NOT NULL" : "NULL"})`,

  compare({ type, value }, op, operand, bind) {
    const sqlOp = COMPARE_SQL[op];
    switch (operand.kind) {
      case "string":
        return `(${type} = 'text' AND ${value} ${sqlOp} ${bind(operand.value)})`;
      case "number":
        return `(${type} IN ${NUMBER_TYPES} AND ${value} ${sqlOp} ${bind(operand.value)})`;
      case "boolean":
        return `(${type} IN ('true', 'false') AND (${type} = 'true') ${sqlOp} ${bind(operand.value ? 1 : 0)})`;
      case "date":
        return `(${type} = 'object' AND date_ms(${value}) ${sqlOp} ${bind(operand.value)})`;
    }
  },

  equalsOneOf,
  anyElement,

  stringMatch: ({ type, value }, op, operand, bind) =>
    `${type} = 'text' AND string_match(${bind(op)}, unicode_lower(${value}), ${bind(operand)})`,

  matches({ type, value }, ignoreCase, spec, bind) {
    const specParam = bind(JSON.stringify(spec));
    return `${type} = 'text' AND wix_matches(${value}, ${bind(ignoreCase ? 1 : 0)}, ${specParam})`;
  },

  sortTerms(path, order, field, { declared, first, singleKind }) {
    // A declared field whose values are all of one kind sorts in its index's order.
    if (first && declared && singleKind) return [`${fieldExpression(path)} ${order}`];
    const { type: t, value: v } = field();
    const rank = `CASE WHEN ${t} IS NULL OR ${t} = 'null' THEN 0 WHEN ${t} IN ('true', 'false') THEN 1 WHEN ${t} IN ('integer', 'real') THEN 2 WHEN ${t} = 'text' THEN 3 WHEN ${t} = 'object' AND date_ms(${v}) IS NOT NULL THEN 4 ELSE 5 END`;
    const key = `CASE WHEN ${t} IN ('true', 'false') THEN ${t} = 'true' WHEN ${t} IN ('integer', 'real', 'text') THEN ${v} WHEN ${t} = 'object' THEN date_ms(${v}) END`;
    return [`${rank} ${order}`, `${key} ${order}`];
  },

  indexed: {
    // json_extract is NULL exactly when the field is missing or JSON null.
    isNull: ({ path }) => `(${fieldExpression(path)} IS NULL)`,

    /** A range: the index searches the bound, `json_type` drops other kinds. */
    compare({ path, bind }, op, operand) {
      const field = declaredField(path);
      const bound = `${field.value} ${COMPARE_SQL[op]}`;
      if (operand.kind === "string") {
        return `(${bound} ${bind(operand.value)} AND ${field.type} = 'text')`;
      }
      if (operand.kind === "number") {
        return `(${bound} ${bind(operand.value)} AND ${field.type} IN ${NUMBER_TYPES})`;
      }
      return null;
    },

    /**
     * Equality as rowid lookups: one index search per operand kind, plus the arrays holding an
     * operand. Arrays read as their JSON text, which starts with `[`, so they too are one index
     * range. (An OR of these would make SQLite scan the collection.)
     */
    anyEqual({ path, bind, collection }, values) {
      if (values.some((value) => value.kind !== "string" && value.kind !== "number")) return null;
      const collectionParam = collection();
      if (collectionParam === null) return null;
      const field = declaredField(path);
      const rowsWhere = (condition: string) =>
        `SELECT seq FROM items WHERE collection_id = ${collectionParam} AND ${condition}`;
      const branches: string[] = [];
      for (const kind of ["string", "number"] as const) {
        const ofKind = values.filter((value) => value.kind === kind);
        if (ofKind.length === 0) continue;
        const list = ofKind.map((value) => bind(value.value as string | number)).join(", ");
        const type =
          kind === "string" ? `${field.type} = 'text'` : `${field.type} IN ${NUMBER_TYPES}`;
        branches.push(rowsWhere(`${field.value} IN (${list}) AND ${type}`));
      }
      const arrays = anyElement(field, (element) => equalsOneOf(element, values, bind));
      branches.push(rowsWhere(`${field.value} >= '[' AND ${field.value} < '\\' AND ${arrays}`));
      return `(seq IN (${branches.join(" UNION ALL ")}))`;
    },
  },
};
