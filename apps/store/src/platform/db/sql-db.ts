/**
 * @module The database connection every store module writes its SQL against: SQLite (default,
 * db/open.ts) or PostgreSQL (db/postgres/pg-db.ts). Both are synchronous on purpose: a
 * transaction is a plain function call that nothing else interleaves with, in either engine, so
 * a check and the write it guards stay together (docs/deploy.md says what that costs).
 *
 * SQL is written once, in the subset both engines share; parameters are `?` or `@name`.
 * The few places where the SQL itself differs branch on `dialect` (or ask db/query-dialect.ts);
 * what the store does differently on a shared database it asks `capabilities`, not the engine.
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

/** What the store may count on beyond SQL, whichever engine provides it. */
export type DbCapabilities = {
  /**
   * Several store nodes may use this database at once (PostgreSQL): what every node must agree
   * on (the signing key, the owner's setup links) lives in it, and each node hears of the
   * others' writes. Otherwise (SQLite) the database belongs to one process and its DATA_DIR.
   */
  readonly sharedByNodes: boolean;
};

/** The content version (meta `content_version`), bumped by every content write. */
export type ContentVersion = { current(): number };

/** What the schema's triggers announce to every node (migrations: postgres/0001, 0020, 0050). */
export type NoticeChannel =
  | "store_content_version"
  | "store_access_changed"
  | "store_session_ended";

/**
 * How a node hears of writes to a database other nodes share, whichever client made them, so that
 * what it keeps between requests (the API key, permissions, sessions) is forgotten in time.
 */
export type ChangeNotices = {
  /**
   * Calls `listener` with each notice's payload on `channel`, and with null whenever notices may
   * have been missed (the connection dropped, or has just started listening): forget everything.
   */
  on(channel: NoticeChannel, listener: (payload: string | null) => void): void;
  /** True while every notice reaches this node: only then may a value be kept past this turn. */
  listening(): boolean;
  /** Calls `listener` after every write of this connection's own (and, harmlessly, some reads). */
  onOwnWrite(listener: () => void): void;
};

export interface Db {
  readonly dialect: Dialect;
  readonly capabilities: DbCapabilities;
  /** The connection's one content-version reader, cached as its engine allows. */
  contentVersion(): ContentVersion;
  /**
   * The notices of other nodes' writes (PostgreSQL: one listening connection per `Db`, opened on
   * first use); null where there are none to hear, as the database is one process's (SQLite).
   */
  changeNotices(): ChangeNotices | null;
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
