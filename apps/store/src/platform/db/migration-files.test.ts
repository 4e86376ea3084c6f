/**
 * Both engines' migration folders hold one file per version: two features adding a migration
 * with the same number would stop every store of that engine at start ("share version"), and
 * the PostgreSQL one is only started where a server is; this holds it without one.
 */
import { expect, test } from "vitest";
import { MIGRATIONS_DIR, PG_MIGRATIONS_DIR } from "../store-paths.ts";
import { listMigrations } from "./migrate.ts";

test.each([
  ["SQLite", MIGRATIONS_DIR],
  ["PostgreSQL", PG_MIGRATIONS_DIR],
])("%s's migrations each have a version of their own", (_engine, dir) => {
  const migrations = listMigrations(dir);
  expect(migrations.length).toBeGreaterThan(0);
  expect(new Set(migrations.map((migration) => migration.version)).size).toBe(migrations.length);
});
