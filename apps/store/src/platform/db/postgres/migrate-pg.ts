/**
 * @module PostgreSQL's forward-only migrations (`migrations/postgres/NNNN-name.sql`), each in a
 * transaction and recorded in `schema_migrations`, as db/migrate.ts does for SQLite. Nodes that
 * start together take turns (an advisory lock), so each migration runs once.
 */
import { PG_MIGRATIONS_DIR } from "../../store-paths.ts";
import { listMigrations, type Migration } from "../migrate.ts";
import type { PgDb } from "./pg-db.ts";

/** Any fixed number: the key of the advisory lock the store's migrations take. */
const MIGRATION_LOCK = 7_342_001;

export function migratePg(db: PgDb, migrations: Migration[] = listMigrations(PG_MIGRATIONS_DIR)) {
  db.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY)");
    const applied = new Set(
      db
        .query<{ version: number }>("SELECT version FROM schema_migrations")
        .rows.map((row) => row.version),
    );
    const latest = migrations.at(-1)?.version ?? 0;
    const newest = Math.max(0, ...applied);
    if (newest > latest) {
      throw new Error(`Database schema version ${newest} is newer than this store (${latest})`);
    }
    for (const migration of migrations) {
      if (applied.has(migration.version)) continue;
      db.transaction(() => {
        db.exec(migration.sql);
        db.query("INSERT INTO schema_migrations (version) VALUES ($1)", [migration.version]);
      })();
    }
  } finally {
    db.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}
