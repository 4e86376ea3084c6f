/**
 * @module The query language in each engine's SQL: filters and sorts compiled over the items'
 * JSON by the one compiler (to-sql.ts) in the engine's dialect (sqlite-sql.ts for SQLite's JSON
 * functions, postgres/to-pg-sql.ts for jsonb), and the index a declared field gets.
 */
import type { FilterNode, SortSpec } from "../query/types.ts";
import * as pgSql from "./postgres/to-pg-sql.ts";
import { type Db, quoteName } from "./sql-db.ts";
import * as sqliteSql from "./sqlite-sql.ts";
import { type CompileOptions, compileQuery, fieldIndexName, type SqlParams } from "./to-sql.ts";

export type QueryDialect = {
  compileQuery(
    node: FilterNode,
    sort: SortSpec,
    options: CompileOptions,
  ): { where: string; orderBy: string; params: SqlParams };
  /** `CREATE INDEX IF NOT EXISTS` for a declared field (`path` is `field` split at dots). */
  declaredFieldIndexSql(field: string, path: string[]): string;
  /** `DROP INDEX IF EXISTS` for that index. */
  dropDeclaredFieldIndexSql(field: string): string;
  /** The name of a declared field's index. */
  indexName(field: string): string;
  /** LIMIT's value for "no limit". */
  noLimit: number | null;
};

const SQLITE: QueryDialect = {
  compileQuery: (node, sort, options) => compileQuery(sqliteSql.SQLITE_SQL, node, sort, options),
  declaredFieldIndexSql: (field, path) =>
    `CREATE INDEX IF NOT EXISTS ${quoteName(fieldIndexName(field))} ON items (collection_id, ${sqliteSql.fieldExpression(path)})`,
  dropDeclaredFieldIndexSql: (field) => `DROP INDEX IF EXISTS ${quoteName(fieldIndexName(field))}`,
  indexName: fieldIndexName,
  noLimit: -1,
};

const POSTGRES: QueryDialect = {
  compileQuery: (node, sort, options) => compileQuery(pgSql.PG_SQL, node, sort, options),
  declaredFieldIndexSql: pgSql.declaredFieldIndexSql,
  dropDeclaredFieldIndexSql: (field) =>
    `DROP INDEX IF EXISTS ${quoteName(pgSql.pgFieldIndexName(field))}`,
  indexName: pgSql.pgFieldIndexName,
  noLimit: null,
};

export function queryDialectOf(db: Db): QueryDialect {
  return db.dialect === "sqlite" ? SQLITE : POSTGRES;
}
