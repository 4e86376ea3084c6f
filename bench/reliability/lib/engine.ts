/**
 * @module The database engines the reliability checks run on: SQLite always, PostgreSQL when
 * STORE_TEST_DATABASE_URL (or BENCH_DATABASE_URL) names a server. A PostgreSQL run gets a
 * database of its own, dropped when the run ends, whatever happens; each store opened in it gets
 * a fresh schema.
 */
import { randomBytes } from "node:crypto";
import {
  type Db,
  openDb,
  openPgDb,
  quoteName,
  SqliteDb,
} from "../../../apps/store/src/main/testing.ts";
import { createBenchDatabase } from "../../topologies/bench-database.ts";

export const ENGINE_NAMES = ["sqlite", "postgres"] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];
export const ENGINE_LABELS: Record<EngineName, string> = {
  sqlite: "SQLite",
  postgres: "PostgreSQL",
};

/** Where a run's databases live: SQLite files (or memory), or one fresh PostgreSQL database. */
export type Engine = { name: "sqlite" } | { name: "postgres"; url: string };

export const SQLITE: Engine = { name: "sqlite" };

/** The PostgreSQL server to run on, or null: the checks then run on SQLite only. */
export function readPostgresUrl(env: NodeJS.ProcessEnv): string | null {
  return env.STORE_TEST_DATABASE_URL || env.BENCH_DATABASE_URL || null;
}

/** Runs `fn` on the engine; for PostgreSQL in a new database on `serverUrl`, dropped afterwards. */
export async function withEngine<T>(
  name: EngineName,
  serverUrl: string | null,
  fn: (engine: Engine) => Promise<T>,
): Promise<T> {
  if (name === "sqlite") return fn(SQLITE);
  if (serverUrl === null) throw new Error("PostgreSQL needs STORE_TEST_DATABASE_URL");
  const database = await createBenchDatabase(serverUrl, "reliability");
  // Interrupted (Ctrl-C, a timeout's SIGTERM): the database goes too.
  const interrupted = (signal: NodeJS.Signals) => {
    void database.drop().finally(() => process.exit(signal === "SIGINT" ? 130 : 143));
  };
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  try {
    return await fn({ name: "postgres", url: database.url });
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await database.drop();
  }
}

/**
 * A store database on the engine: SQLite at `file` (memory when omitted); on PostgreSQL a new
 * schema of the run's database, dropped when the database is closed.
 */
export function openEngineDb(engine: Engine, file?: string): Db {
  if (engine.name === "sqlite") return openDb(file ?? ":memory:");
  const schema = `reliability_${randomBytes(5).toString("hex")}`;
  const db = openPgDb({ url: engine.url, schema, applicationName: "reliability-bench" });
  db.onClose(() => db.query(`DROP SCHEMA IF EXISTS ${quoteName(schema)} CASCADE`));
  return db;
}

/** The database's own check after a kill: SQLite's integrity_check; null where there is none. */
export function integrityOk(db: Db): boolean | null {
  if (!(db instanceof SqliteDb)) return null;
  return db.sqlite.pragma("integrity_check", { simple: true }) === "ok";
}

/** The engines a run covers: SQLite, and PostgreSQL when a server is named. */
export function enginesFor(serverUrl: string | null): EngineName[] {
  return serverUrl === null ? ["sqlite"] : ["sqlite", "postgres"];
}
