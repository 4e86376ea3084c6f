/**
 * @module The database connection every store module writes its SQL against: SQLite (default,
 * db/open.ts) or PostgreSQL (db/postgres/pg-db.ts). Both are synchronous on purpose: a
 * transaction is a plain function call that nothing else interleaves with, in either engine, so
 * a check and the write it guards stay together (docs/deploy.md says what that costs).
 *
 * SQL is written once, in the subset both engines share; parameters are `?` or `@name`.
 * The few places that differ branch on `dialect`.
 */

export type Dialect = "sqlite" | "postgres";

export type RunResult = { changes: number };

export interface SqlStatement<BindParameters extends unknown[], Result = unknown> {
  run(...params: BindParameters): RunResult;
  get(...params: BindParameters): Result | undefined;
  all(...params: BindParameters): Result[];
  /**
   * PostgreSQL only: `get` as a transaction of its own on another connection, without blocking
   * the store's thread (postgres/pg-concurrent.ts). Only outside a transaction.
   */
  getConcurrently?(...params: BindParameters): Promise<Result | undefined>;
}

export interface Db {
  readonly dialect: Dialect;
  prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(
    sql: string,
  ): BindParameters extends unknown[]
    ? SqlStatement<BindParameters, Result>
    : SqlStatement<[BindParameters], Result>;
  /** Runs one or more statements without parameters. */
  exec(sql: string): void;
  /** Wraps `fn` so that each call runs in a transaction (a savepoint when nested). */
  transaction<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T;
  readonly inTransaction: boolean;
  close(): void;
}

/** Engine error codes for the constraint violations callers answer differently. */
const FOREIGN_KEY_CODES = new Set(["SQLITE_CONSTRAINT_FOREIGNKEY", "23503"]);
const UNIQUE_CODES = new Set(["SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY", "23505"]);

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return FOREIGN_KEY_CODES.has(String(codeOf(error)));
}

export function isUniqueViolation(error: unknown): boolean {
  return UNIQUE_CODES.has(String(codeOf(error)));
}

/** A name (table, column, index, schema) quoted for SQL, in either engine. */
export function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
