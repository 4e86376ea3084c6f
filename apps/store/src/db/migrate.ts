/**
 * @module Forward-only migrations: `migrations/NNNN-name.sql` files applied in order, each in a
 * transaction, tracked with `PRAGMA user_version`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Database } from "better-sqlite3";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
const MIGRATION_FILE = /^(\d{4})-[a-z0-9-]+\.sql$/;

type Migration = { version: number; name: string; sql: string };

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const match = MIGRATION_FILE.exec(name);
      return match
        ? [{ version: Number(match[1]), name, sql: readFileSync(`${dir}/${name}`, "utf8") }]
        : [];
    })
    .sort((a, b) => a.version - b.version);
}

/**
 * Applies every migration newer than the database's user_version.
 * @throws Error when the database is newer than this code (a downgrade).
 */
export function migrate(db: Database, migrations = listMigrations()): void {
  const current = db.pragma("user_version", { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(`Database schema version ${current} is newer than this store (${latest})`);
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
}
