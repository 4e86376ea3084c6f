/**
 * @module The columns a copy moves, read from both databases: every table of COPY_TABLES must
 * exist on both sides with the same columns, and neither side may have a table the list does
 * not name, so a migration that is missing from the list (or from one engine) stops the copy
 * instead of being left behind.
 */
import type { Db } from "../platform/db/sql-db.ts";
import { type CopyTable, isEngineTable, tablesBetween, tablesOf } from "./copy-tables.ts";

export class CopyRefused extends Error {}

/** The tables of a store database, engine bookkeeping left out. */
export function storeTables(db: Db): string[] {
  const rows =
    db.dialect === "sqlite"
      ? db
          .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
          .all()
      : db
          .prepare<[], { name: string }>(
            `SELECT table_name AS name FROM information_schema.tables
             WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
          )
          .all();
  return rows.map((row) => row.name).filter((name) => !isEngineTable(name));
}

/** A table's columns, SQLite's implicit rowid included where the copy keeps it. */
export function tableColumns(db: Db, table: CopyTable): string[] {
  const columns =
    db.dialect === "sqlite"
      ? db
          .prepare<[string], { name: string }>("SELECT name FROM pragma_table_info(?)")
          .all(table.name)
      : db
          .prepare<[string], { name: string }>(
            `SELECT column_name AS name FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`,
          )
          .all(table.name);
  const names = columns.map((column) => column.name);
  if (db.dialect === "sqlite" && table.sqliteRowid) names.unshift("rowid");
  return names;
}

function describe(names: readonly string[]): string {
  return names.join(", ");
}

/** Each copied table's columns, the same in both databases. @throws CopyRefused otherwise. */
export function matchSchemas(source: Db, target: Db): Map<string, string[]> {
  for (const [side, db] of [
    ["source", source],
    ["target", target],
  ] as const) {
    const known = new Set(tablesOf(db.dialect).map((table) => table.name));
    const tables = storeTables(db);
    const unknown = tables.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new CopyRefused(
        `the ${side} has table(s) this copy does not know: ${describe(unknown)} (apps/store/src/backup/copy-tables.ts must name every table)`,
      );
    }
    const missing = [...known].filter((name) => !tables.includes(name));
    if (missing.length > 0) {
      throw new CopyRefused(`the ${side} lacks table(s) ${describe(missing)}`);
    }
  }
  const columns = new Map<string, string[]>();
  for (const table of tablesBetween(source.dialect, target.dialect)) {
    const from = tableColumns(source, table);
    const to = tableColumns(target, table);
    if ([...from].sort().join() !== [...to].sort().join()) {
      throw new CopyRefused(
        `table ${table.name} has columns ${describe(from)} in the source but ${describe(to)} in the target`,
      );
    }
    columns.set(table.name, from);
  }
  return columns;
}
