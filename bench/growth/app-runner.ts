/**
 * @module The store's Fastify app on one database connection, driven with `inject`, for the
 * growth bench on either engine: each query request timed, and the SQL of the last items query
 * kept so the engine's plan for it can be shown.
 */
import { randomBytes } from "node:crypto";
import {
  createApp,
  createDeclaredFields,
  type Db,
  type DeclaredField,
  type SqlStatement,
} from "../../apps/store/src/main/testing.ts";
import { QUERY_PATH } from "../fixtures/store-client.ts";

export type Params = unknown[];

export interface QueryTiming {
  ms: number;
  items: number;
}

/** The store's app on one database connection. */
export interface QueryRunner {
  /** Runs a query request through the app (routing, auth, parsing, SQL, serialisation). */
  query(body: unknown): Promise<QueryTiming>;
  /** The engine's plan for the SQL the last query ran. */
  lastPlan(): string;
  close(): Promise<void>;
}

export interface AppRunnerOptions {
  /** The engine's plan for one statement, on one line. */
  explain(sql: string, params: Params): string;
  /** Runs once the app is ready, before any query (e.g. to hide indexes from this connection). */
  beforeQueries?: () => void;
  /** Runs after the app closed, before the connection does. */
  afterClose?: () => void;
}

/** Records the SQL and parameters of every items query so its plan can be shown. */
function recordQueries(db: Db, onRun: (sql: string, params: Params) => void): void {
  const prepare = db.prepare.bind(db);
  const patched = (sql: string): SqlStatement<unknown[]> => {
    const statement = prepare(sql);
    if (/\bFROM items WHERE\b/.test(sql) && /\bORDER BY\b/.test(sql)) {
      const all = statement.all.bind(statement);
      Object.assign(statement, {
        all: (...params: Params) => {
          onRun(sql, params);
          return all(...params);
        },
      });
    }
    return statement;
  };
  Object.assign(db, { prepare: patched });
}

/**
 * The store's app on `db`. Queries are made with the API key: the store answers anonymous
 * visitors' repeated queries from its response cache, which would hide the query's cost.
 */
export async function openAppRunner(
  db: Db,
  apiKey: string,
  options: AppRunnerOptions,
): Promise<QueryRunner> {
  let last: { sql: string; params: Params } | undefined;
  recordQueries(db, (sql, params) => {
    last = { sql, params };
  });
  const app = createApp({ db, config: { clientId: "local", signingKey: randomBytes(32) } });
  await app.ready();
  options.beforeQueries?.();
  return {
    async query(body) {
      const started = process.hrtime.bigint();
      const response = await app.inject({
        method: "POST",
        url: QUERY_PATH,
        headers: { authorization: apiKey, "content-type": "application/json" },
        payload: JSON.stringify(body),
      });
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      if (response.statusCode !== 200) {
        throw new Error(`query: ${response.statusCode} ${response.body}`);
      }
      return { ms, items: (response.json() as { dataItems: unknown[] }).dataItems.length };
    },
    lastPlan() {
      return last ? options.explain(last.sql, last.params) : "no query recorded";
    },
    async close() {
      await app.close();
      options.afterClose?.();
      db.close();
    },
  };
}

/** Adds a collection that declares `fields`, each with the store's expression index. */
export function createGrowthCollection(db: Db, id: string, fields: readonly DeclaredField[]): void {
  db.prepare("INSERT INTO collections (id, display_name) VALUES (?, ?)").run(id, id);
  const declared = createDeclaredFields(db);
  for (const { field, type } of fields) declared.declare(id, field, type);
}
