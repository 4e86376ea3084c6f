/**
 * @module The query language in each engine's SQL: filters and sorts compiled over the items'
 * JSON (to-sql.ts for SQLite's JSON functions, postgres/to-pg-sql.ts for jsonb), and the index
 * a declared field gets.
 */
import type { FilterNode, SortSpec } from "../query/types.ts";
import * as pgSql from "./postgres/to-pg-sql.ts";
import type { Db } from "./sql-db.ts";
import * as sqliteSql from "./to-sql.ts";

export type QueryDialect = {
  compileQuery(
    node: FilterNode,
    sort: SortSpec,
    options: sqliteSql.CompileOptions,
  ): { where: string; orderBy: string; params: sqliteSql.SqlParams };
  /** `CREATE INDEX IF NOT EXISTS` for a declared field, named `fieldIndexName(field)`. */
  declaredFieldIndexSql(indexName: string, path: string[]): string;
  /** LIMIT's value for "no limit". */
  noLimit: number | null;
};

const SQLITE: QueryDialect = {
  compileQuery: sqliteSql.compileQuery,
  declaredFieldIndexSql: (indexName, path) =>
    `CREATE INDEX IF NOT EXISTS "${indexName.replaceAll('"', '""')}" ON items (collection_id, ${sqliteSql.fieldExpression(path)})`,
  noLimit: -1,
};

const POSTGRES: QueryDialect = {
  compileQuery: pgSql.compileQuery,
  declaredFieldIndexSql: pgSql.declaredFieldIndexSql,
  noLimit: null,
};

export function queryDialectOf(db: Db): QueryDialect {
  return db.dialect === "sqlite" ? SQLITE : POSTGRES;
}
