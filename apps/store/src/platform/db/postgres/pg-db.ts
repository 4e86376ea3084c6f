/**
 * @module PostgreSQL as a `Db`. The store's code is synchronous (db/sql-db.ts), so each call
 * waits for its answer: a worker thread (pg-worker.mjs, through synckit) holds the connection and
 * runs the query while this thread blocks. One connection per `PgDb`: transactions are
 * BEGIN/COMMIT on it, savepoints when nested, exactly as better-sqlite3 nests them.
 */
import { createRequire } from "node:module";
import { PG_WORKER_FILE } from "../../store-paths.ts";
import {
  type ChangeNotices,
  type ContentVersion,
  type Db,
  quoteName,
  type RunResult,
  type SqlStatement,
} from "../sql-db.ts";
import { type ConcurrentConnections, createConcurrentConnections } from "./pg-concurrent.ts";
import { createPgContentVersion } from "./pg-content-version.ts";
import { pgNotices } from "./pg-notices.ts";
import { bindValues, type Placeholders, toNumberedPlaceholders } from "./placeholders.ts";

type WorkerRequest =
  | { op: "open"; url: string; applicationName: string; setup?: string }
  | {
      op: "query";
      id: number;
      text: string;
      values?: unknown[];
      inTransaction: boolean;
      /** BEGIN first, in the same call: a transaction's opening costs no call of its own. */
      begin?: boolean;
    }
  | { op: "close"; id: number };
type WorkerError = { message: string; code?: string; detail?: string; constraint?: string };
type WorkerAnswer = {
  error?: WorkerError;
  id?: number;
  rows?: Record<string, unknown>[];
  changes?: number;
};
type WorkerCall = (request: WorkerRequest) => WorkerAnswer;

const SELECT = /^\s*SELECT\b/i;

/** Statements a node runs at once besides its synchronous connection's (pg-concurrent.ts). */
const CONCURRENT_CONNECTIONS = 8;

/** A call waits at most this long for PostgreSQL before it fails (statement_timeout is below). */
const CALL_TIMEOUT_MS = 30_000;

// Loaded on the first PostgreSQL connection only: a store on SQLite never pays for it.
const loadPackage = createRequire(import.meta.url);
let worker: WorkerCall | undefined;
function workerCall(): WorkerCall {
  if (worker === undefined) {
    const { createSyncFn } = loadPackage("synckit") as typeof import("synckit");
    worker = createSyncFn(PG_WORKER_FILE, { timeout: CALL_TIMEOUT_MS }) as WorkerCall;
  }
  return worker;
}

export class PostgresError extends Error {
  readonly code: string | undefined;
  readonly detail: string | undefined;
  readonly constraint: string | undefined;

  constructor(error: WorkerError) {
    super(error.message);
    this.name = "PostgresError";
    this.code = error.code;
    this.detail = error.detail;
    this.constraint = error.constraint;
  }
}

function answered(answer: WorkerAnswer): WorkerAnswer {
  if (answer.error) throw new PostgresError(answer.error);
  return answer;
}

/** PostgreSQL text cannot hold U+0000: it is stored as U+FFFD, like lone surrogates are. */
function toPostgres(value: unknown): unknown {
  if (typeof value === "string")
    return value.includes("\u0000") ? value.replaceAll("\u0000", "\uFFFD") : value;
  if (value === undefined) return null;
  if (typeof value === "bigint") return value.toString();
  return value;
}

export type PgOpenOptions = {
  url: string;
  /** A schema to work in (tests: one per database opened); created when missing. */
  schema?: string;
  applicationName?: string;
  /**
   * Whether COMMIT waits for the WAL to reach the disk (PostgreSQL's default). Off, a commit
   * survives the store's crash and PostgreSQL's restart, and a power loss or an operating-system
   * crash may lose the last fraction of a second of commits, as with SQLite's WAL and
   * `synchronous = NORMAL` (docs/deploy.md, "Durability"). Unset: the server's setting.
   */
  synchronousCommit?: boolean;
};

export class PgDb implements Db {
  readonly dialect = "postgres" as const;
  readonly capabilities = { sharedByNodes: true };
  readonly url: string;
  readonly schema: string | undefined;
  private readonly id: number;
  private readonly setup: string;
  private readonly applicationName: string;
  private concurrent: ConcurrentConnections | null = null;
  private depth = 0;
  /** A transaction was opened and its BEGIN goes with its first statement. */
  private beginPending = false;
  private closed = false;
  private calls = 0;
  private readonly writeListeners: (() => void)[] = [];
  private readonly closeListeners: (() => void)[] = [];
  private version: ContentVersion | undefined;

  private constructor(id: number, options: PgOpenOptions, setup: string) {
    this.id = id;
    this.setup = setup;
    this.applicationName = options.applicationName ?? "consultant-store";
    this.url = options.url;
    this.schema = options.schema;
  }

  static open(options: PgOpenOptions): PgDb {
    const setup = [
      "SET statement_timeout = '25s'",
      ...(options.synchronousCommit === undefined
        ? []
        : [`SET synchronous_commit = ${options.synchronousCommit ? "on" : "off"}`]),
      ...(options.schema
        ? [
            `CREATE SCHEMA IF NOT EXISTS ${quoteName(options.schema)}`,
            `SET search_path TO ${quoteName(options.schema)}`,
          ]
        : []),
    ].join("; ");
    const answer = answered(
      workerCall()({
        op: "open",
        url: options.url,
        applicationName: options.applicationName ?? "consultant-store",
        setup,
      }),
    );
    return new PgDb(answer.id as number, options, setup);
  }

  contentVersion(): ContentVersion {
    this.version ??= createPgContentVersion(this);
    return this.version;
  }

  changeNotices(): ChangeNotices {
    return pgNotices(this);
  }

  /** Called after every write this connection commits (and, harmlessly, some reads). */
  onWrite(listener: () => void): void {
    this.writeListeners.push(listener);
  }

  onClose(listener: () => void): void {
    this.closeListeners.push(listener);
  }

  private wrote(): void {
    for (const listener of this.writeListeners) listener();
  }

  /** Round trips to PostgreSQL this connection made so far (what a request costs, for tests). */
  get roundTrips(): number {
    return this.calls;
  }

  /** Runs one statement (or several, without values) and returns its rows. */
  query<Row = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): { rows: Row[]; changes: number } {
    if (this.closed) throw new Error("The database connection is not open");
    this.calls += 1;
    const begin = this.beginPending;
    this.beginPending = false;
    const answer = answered(
      workerCall()({
        op: "query",
        id: this.id,
        text,
        ...(values === undefined ? {} : { values: values.map(toPostgres) }),
        inTransaction: this.depth > 0 && !begin,
        ...(begin ? { begin } : {}),
      }),
    );
    // Outside a transaction anything but a plain SELECT may have written.
    if (this.depth === 0 && !SELECT.test(text)) this.wrote();
    return { rows: (answer.rows ?? []) as Row[], changes: answer.changes ?? 0 };
  }

  /**
   * Runs one statement as its own transaction on another of the node's connections, without
   * blocking: for writes whose caller needs no transaction around them. Not inside a transaction
   * of this connection's, which it would escape.
   */
  async queryConcurrently<Row = Record<string, unknown>>(
    text: string,
    values: unknown[],
  ): Promise<{ rows: Row[]; changes: number }> {
    if (this.closed) throw new Error("The database connection is not open");
    if (this.depth > 0) throw new Error("A concurrent statement cannot join a transaction");
    this.calls += 1;
    this.concurrent ??= createConcurrentConnections({
      url: this.url,
      setup: this.setup,
      applicationName: this.applicationName,
      max: CONCURRENT_CONNECTIONS,
    });
    let result: { rows: Record<string, unknown>[]; changes: number };
    try {
      result = await this.concurrent.query(text, values.map(toPostgres));
    } catch (error) {
      const { message, code, detail, constraint } = (error ?? {}) as WorkerError;
      throw new PostgresError({ message: String(message ?? error), code, detail, constraint });
    }
    this.wrote();
    return { rows: result.rows as Row[], changes: result.changes };
  }

  prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(sql: string) {
    const statement = new PgStatement<Result>(this, toNumberedPlaceholders(sql));
    return statement as unknown as BindParameters extends unknown[]
      ? SqlStatement<BindParameters, Result>
      : SqlStatement<[BindParameters], Result>;
  }

  exec(sql: string): void {
    this.query(sql);
  }

  transaction<A extends unknown[], T>(fn: (...args: A) => T): (...args: A) => T {
    return (...args: A): T => {
      const savepoint = this.depth === 0 ? null : `store_savepoint_${this.depth}`;
      if (savepoint === null) this.beginPending = true;
      else this.query(`SAVEPOINT ${savepoint}`);
      this.depth += 1;
      let result: T;
      try {
        result = fn(...args);
        if (result instanceof Promise) {
          throw new TypeError("Transaction function cannot return a promise");
        }
      } catch (error) {
        this.depth -= 1;
        this.rollback(savepoint);
        throw error;
      }
      this.depth -= 1;
      if (savepoint === null) this.commit();
      else this.query(`RELEASE SAVEPOINT ${savepoint}`);
      return result;
    };
  }

  get inTransaction(): boolean {
    return this.depth > 0;
  }

  close(): void {
    if (this.closed) return;
    try {
      for (const listener of this.closeListeners) listener();
    } finally {
      this.closed = true;
    }
    this.concurrent?.close();
    workerCall()({ op: "close", id: this.id });
  }

  private commit(): void {
    if (this.beginPending) {
      // Nothing ran: there is no transaction to commit.
      this.beginPending = false;
      return;
    }
    try {
      this.query("COMMIT");
    } catch (error) {
      this.rollback(null);
      throw error;
    }
  }

  private rollback(savepoint: string | null): void {
    if (savepoint === null && this.beginPending) {
      this.beginPending = false;
      return;
    }
    try {
      if (savepoint === null) this.query("ROLLBACK");
      else this.query(`ROLLBACK TO SAVEPOINT ${savepoint}; RELEASE SAVEPOINT ${savepoint}`);
    } catch {
      // The connection is gone: so is the transaction.
    }
  }
}

class PgStatement<Result> {
  private readonly db: PgDb;
  private readonly placeholders: Placeholders;

  constructor(db: PgDb, placeholders: Placeholders) {
    this.db = db;
    this.placeholders = placeholders;
  }

  private execute(args: unknown[]) {
    return this.db.query<Result>(this.placeholders.text, bindValues(this.placeholders, args));
  }

  run(...args: unknown[]): RunResult {
    return { changes: this.execute(args).changes };
  }

  get(...args: unknown[]): Result | undefined {
    return this.execute(args).rows[0];
  }

  async getConcurrently(...args: unknown[]): Promise<Result | undefined> {
    const { rows } = await this.db.queryConcurrently<Result>(
      this.placeholders.text,
      bindValues(this.placeholders, args),
    );
    return rows[0];
  }

  all(...args: unknown[]): Result[] {
    return this.execute(args).rows;
  }
}
