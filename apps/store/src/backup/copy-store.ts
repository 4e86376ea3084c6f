/**
 * @module Copies a whole store from one database to another (SQLite to PostgreSQL and back):
 * every table of COPY_TABLES with its ids, sequence positions and declared-field indexes, in
 * one transaction on the target, verified before it commits (row counts and checksums,
 * copy-checksum.ts). The target must hold no content; anything short of a verified copy rolls
 * back and leaves it as it was.
 */
import { COLLECTION_NAMES } from "@consultant/site-content";
import { parseDeclaredFieldName } from "../data/index.ts";
import { queryDialectOf } from "../platform/db/query-dialect.ts";
import { type Db, quoteName, type SqlStatement } from "../platform/db/sql-db.ts";
import { canonicalJsonValue, type TableChecksum, tableChecksum } from "./copy-checksum.ts";
import { CopyRefused, matchSchemas } from "./copy-schema.ts";
import { type CopyTable, tablesBetween, tablesOf } from "./copy-tables.ts";

export { CopyRefused } from "./copy-schema.ts";

type Row = Record<string, unknown>;

type Snapshot = {
  tables: CopyTable[];
  columns: Map<string, string[]>;
  rows: Map<string, Row[]>;
  /** The highest id each identity column has handed out, deleted rows included. */
  highWater: Map<string, number>;
};

export type TableReport = { table: string; rows: number; sha256: string; ok: boolean };

export class CopyVerificationFailed extends Error {
  readonly tables: TableReport[];

  constructor(tables: TableReport[]) {
    const failed = tables.filter((table) => !table.ok).map((table) => table.table);
    super(`the copy differs from the source in ${failed.join(", ")}; nothing was committed`);
    this.tables = tables;
  }
}

/** What makes a database more than a freshly migrated one, e.g. "12 items"; empty when none. */
export function findContent(db: Db): string[] {
  const found: string[] = [];
  for (const table of tablesOf(db.dialect)) {
    if (table.seeded) continue;
    const count =
      db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${quoteName(table.name)}`).get()
        ?.n ?? 0;
    if (Number(count) > 0) found.push(`${count} row(s) in ${table.name}`);
  }
  const site = new Set<string>(COLLECTION_NAMES);
  const created = db
    .prepare<[], { id: string }>("SELECT id FROM collections ORDER BY id")
    .all()
    .map((row) => row.id)
    .filter((id) => !site.has(id));
  if (created.length > 0) found.push(`collection(s) ${created.join(", ")}`);
  const seeded = db
    .prepare<[], { key: string }>(
      "SELECT key FROM meta WHERE key IN ('seeded', 'pictures_seeded') AND value <> 0 ORDER BY key",
    )
    .all();
  if (seeded.length > 0) {
    found.push(`a store has already started on it (meta ${seeded.map((r) => r.key).join(", ")})`);
  }
  return found;
}

function readHighWater(db: Db): Map<string, number> {
  const highWater = new Map<string, number>();
  if (db.dialect === "sqlite") {
    const rows = db.prepare<[], { name: string; seq: number }>(
      "SELECT name, seq FROM sqlite_sequence",
    );
    for (const row of rows.all()) highWater.set(row.name, Number(row.seq));
    return highWater;
  }
  const last = db.prepare<[string, string], { value: number | null }>(
    "SELECT pg_sequence_last_value(pg_get_serial_sequence(?, ?)::regclass) AS value",
  );
  for (const table of tablesOf("postgres")) {
    if (table.identity === undefined) continue;
    const value = last.get(table.name, table.identity)?.value;
    if (value !== null && value !== undefined) highWater.set(table.name, Number(value));
  }
  return highWater;
}

function readRows(db: Db, table: CopyTable, columns: readonly string[]): Row[] {
  return db
    .prepare<[], Row>(
      `SELECT ${columns.map(quoteName).join(", ")} FROM ${quoteName(table.name)} ORDER BY ${table.key.map(quoteName).join(", ")}`,
    )
    .all();
}

/** Every table's rows, read in one transaction (one snapshot on PostgreSQL too). */
function readSnapshot(source: Db, tables: CopyTable[], columns: Map<string, string[]>): Snapshot {
  return source.transaction(() => {
    if (source.dialect === "postgres") {
      source.exec("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY");
    }
    const rows = new Map<string, Row[]>();
    for (const table of tables) {
      rows.set(table.name, readRows(source, table, columns.get(table.name) ?? []));
    }
    return { tables, columns, rows, highWater: readHighWater(source) };
  })();
}

// jsonb refuses \u0000 and lone surrogates: they become U+FFFD, as the adapter stores text.
const JSONB_UNSAFE_ESCAPE = /\\u(0000|d[89a-f])/i;

function toTarget(target: Db, table: CopyTable, column: string, value: unknown): unknown {
  if (
    target.dialect === "postgres" &&
    typeof value === "string" &&
    table.json?.includes(column) &&
    JSONB_UNSAFE_ESCAPE.test(value)
  ) {
    return JSON.stringify(canonicalJsonValue(JSON.parse(value)));
  }
  return value;
}

// Rows per INSERT: few round trips to PostgreSQL, well within both engines' parameter limits.
const VALUES_PER_STATEMENT = 2000;

function insertRows(target: Db, table: CopyTable, columns: readonly string[], rows: Row[]): void {
  const perStatement = Math.max(1, Math.floor(VALUES_PER_STATEMENT / columns.length));
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const head = `INSERT INTO ${quoteName(table.name)} (${columns.map(quoteName).join(", ")}) VALUES `;
  const statements = new Map<number, SqlStatement<unknown[]>>();
  for (let start = 0; start < rows.length; start += perStatement) {
    const batch = rows.slice(start, start + perStatement);
    let statement = statements.get(batch.length);
    if (statement === undefined) {
      statement = target.prepare(head + Array.from(batch, () => tuple).join(", "));
      statements.set(batch.length, statement);
    }
    statement.run(
      ...batch.flatMap((row) =>
        columns.map((column) => toTarget(target, table, column, row[column])),
      ),
    );
  }
}

function declaredFieldIndexes(db: Db): string[] {
  const sql =
    db.dialect === "sqlite"
      ? "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items'"
      : "SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'items'";
  return db
    .prepare<[], { name: string }>(sql)
    .all()
    .map((row) => row.name)
    .filter((name) => name.startsWith(queryDialectOf(db).indexName("")));
}

/** The target's declared-field indexes become the source's declarations, in the target's SQL. */
function rebuildDeclaredFieldIndexes(target: Db, snapshot: Snapshot): void {
  const fields = new Set(
    (snapshot.rows.get("declared_fields") ?? []).map((row) => String(row.field)),
  );
  const dialect = queryDialectOf(target);
  const wanted = new Set([...fields].map((field) => dialect.indexName(field)));
  for (const name of declaredFieldIndexes(target)) {
    if (!wanted.has(name)) target.exec(`DROP INDEX IF EXISTS ${quoteName(name)}`);
  }
  for (const field of fields) {
    target.exec(dialect.declaredFieldIndexSql(field, parseDeclaredFieldName(field)));
  }
}

/** Each identity continues after the source's highest id, so no id is ever handed out twice. */
function continueSequences(target: Db, snapshot: Snapshot): void {
  for (const table of snapshot.tables) {
    const column = table.identity;
    if (column === undefined) continue;
    const ids = (snapshot.rows.get(table.name) ?? []).map((row) => Number(row[column]));
    const next = Math.max(0, snapshot.highWater.get(table.name) ?? 0, ...ids);
    if (target.dialect === "postgres") {
      target
        .prepare("SELECT setval(pg_get_serial_sequence(?, ?), ?, ?)")
        .get(table.name, column, Math.max(next, 1), next > 0);
    } else if (!table.sqliteRowid && next > 0) {
      const updated = target
        .prepare("UPDATE sqlite_sequence SET seq = ? WHERE name = ?")
        .run(next, table.name);
      if (updated.changes === 0) {
        target
          .prepare("INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)")
          .run(table.name, next);
      }
    }
  }
}

function checksums(snapshot: Snapshot): Map<string, TableChecksum> {
  return new Map(
    snapshot.tables.map((table) => [
      table.name,
      tableChecksum(
        table,
        snapshot.columns.get(table.name) ?? [],
        snapshot.rows.get(table.name) ?? [],
      ),
    ]),
  );
}

function verify(target: Db, snapshot: Snapshot): TableReport[] {
  const expected = checksums(snapshot);
  return snapshot.tables.map((table) => {
    const columns = snapshot.columns.get(table.name) ?? [];
    const actual = tableChecksum(table, columns, readRows(target, table, columns));
    const wanted = expected.get(table.name);
    return {
      table: table.name,
      rows: actual.rows,
      sha256: actual.sha256,
      ok: wanted !== undefined && wanted.rows === actual.rows && wanted.sha256 === actual.sha256,
    };
  });
}

export type CopyOptions = {
  /**
   * Rows for a PostgreSQL target's `store_secrets` (the signing key that SQLite keeps in a file,
   * copy-signing-key.ts), written in the same transaction.
   */
  storeSecrets?: { name: string; value: string }[];
  now?: () => number;
};

/**
 * Copies every table of `source` into `target`, which must hold no content (findContent),
 * and verifies each table before committing.
 * @throws CopyRefused when the target holds content or the schemas differ; CopyVerificationFailed
 * when a table does not compare equal. Either way the target is left unchanged.
 */
export function copyStore(source: Db, target: Db, options: CopyOptions = {}): TableReport[] {
  const columns = matchSchemas(source, target);
  const tables = tablesBetween(source.dialect, target.dialect);
  const snapshot = readSnapshot(source, tables, columns);
  return target.transaction(() => {
    if (target.dialect === "postgres") {
      // Store nodes on the target wait until the copy is complete (or gone).
      target.exec(
        `LOCK TABLE ${tablesOf(target.dialect)
          .map((table) => quoteName(table.name))
          .join(", ")} IN ACCESS EXCLUSIVE MODE`,
      );
    }
    const content = findContent(target);
    if (content.length > 0) {
      throw new CopyRefused(`the target is not empty: it holds ${content.join("; ")}`);
    }
    for (const table of tablesOf(target.dialect).reverse()) {
      target.exec(`DELETE FROM ${quoteName(table.name)}`);
    }
    for (const table of tables) {
      insertRows(target, table, columns.get(table.name) ?? [], snapshot.rows.get(table.name) ?? []);
    }
    for (const secret of options.storeSecrets ?? []) {
      target
        .prepare("INSERT INTO store_secrets (name, value, created_at) VALUES (?, ?, ?)")
        .run(secret.name, secret.value, (options.now ?? Date.now)());
    }
    rebuildDeclaredFieldIndexes(target, snapshot);
    continueSequences(target, snapshot);
    // Store nodes already serving the target forget their content version.
    if (target.dialect === "postgres") target.exec("NOTIFY store_content_version");
    const report = verify(target, snapshot);
    if (report.some((table) => !table.ok)) throw new CopyVerificationFailed(report);
    return report;
  })();
}
