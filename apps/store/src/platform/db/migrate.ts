/**
 * @module Forward-only migrations: `migrations/NNNN-name.sql` files applied in number order, each
 * in a transaction. Applied versions are recorded one by one in `schema_migrations`, so a
 * low-numbered migration added after higher ones (0002 after 0100) still runs on old databases.
 * `PRAGMA user_version` keeps the highest applied version for the downgrade check.
 */
import { readdirSync, readFileSync } from "node:fs";
import type { Database } from "better-sqlite3";
import { MIGRATIONS_DIR } from "../store-paths.ts";

const MIGRATION_FILE = /^(\d{4})-[a-z0-9-]+\.sql$/;

/**
 * Migrations that existed while only user_version tracked progress: a database without the
 * table has applied exactly those of them up to its user_version.
 */
const VERSIONS_BEFORE_TRACKING = [1, 100, 101];

export type Migration = { version: number; name: string; sql: string };

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .flatMap((name) => {
      const match = MIGRATION_FILE.exec(name);
      return match
        ? [{ version: Number(match[1]), name, sql: readFileSync(`${dir}/${name}`, "utf8") }]
        : [];
    })
    .sort((a, b) => a.version - b.version);
  // Two files with one number: the second would be taken as applied and silently skipped.
  migrations.forEach((migration, index) => {
    const previous = migrations[index - 1];
    if (previous?.version === migration.version) {
      throw new Error(
        `migrations ${previous.name} and ${migration.name} share version ${migration.version}`,
      );
    }
  });
  return migrations;
}

function appliedVersions(db: Database): Set<number> {
  const tracked = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  if (tracked === undefined) {
    const current = db.pragma("user_version", { simple: true }) as number;
    db.transaction(() => {
      db.exec("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY) STRICT");
      const record = db.prepare("INSERT INTO schema_migrations (version) VALUES (?)");
      for (const version of VERSIONS_BEFORE_TRACKING) {
        if (version <= current) record.run(version);
      }
    })();
  }
  const rows = db.prepare("SELECT version FROM schema_migrations").all() as { version: number }[];
  return new Set(rows.map((row) => row.version));
}

/**
 * Applies every migration not yet applied, in number order.
 * @throws Error when the database is newer than this code (a downgrade).
 */
export function migrate(db: Database, migrations = listMigrations()): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(`Database schema version ${current} is newer than this store (${latest})`);
  }
  const applied = appliedVersions(db);
  const record = db.prepare("INSERT INTO schema_migrations (version) VALUES (?)");
  for (const migration of migrations) {
    if (applied.has(migration.version)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version);
      const highest = Math.max(
        db.pragma("user_version", { simple: true }) as number,
        migration.version,
      );
      db.pragma(`user_version = ${highest}`);
    })();
  }
}
