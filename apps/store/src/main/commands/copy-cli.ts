/**
 * @module `npm run store -- copy-to-postgres` and `npm run store -- copy-to-sqlite FILE|DIR`:
 * moving a store between DATA_DIR's SQLite file and DATABASE_URL's PostgreSQL (copy-store.ts),
 * with one line per table of what was verified.
 */
import { existsSync, rmSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import {
  CopyRefused,
  CopyVerificationFailed,
  copyStore,
  findContent,
  placeSigningKeyFile,
  postgresSigningKey,
  readSigningKeyFile,
  signingKeyFile,
  storeSecretsFor,
  type TableReport,
} from "../../backup/index.ts";
import { copyMissingFiles, filesDirOf } from "../../files/index.ts";
import { mediaDirOf } from "../../media/index.ts";
import { readDatabaseUrl, readEnvConfig } from "../../platform/config.ts";
import { openDb, storeDbFile } from "../../platform/db/open.ts";
import { openPgDb } from "../../platform/db/postgres/open-pg.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import { SqliteDb } from "../../platform/db/sqlite-db.ts";

const USAGE = `Usage: DATABASE_URL=postgres://user:password@host:5432/database npm run store -- copy-to-postgres
       DATABASE_URL=postgres://user:password@host:5432/database npm run store -- copy-to-sqlite FILE|DIR

copy-to-postgres  copies DATA_DIR's store (DATA_DIR/store.db) into DATABASE_URL's PostgreSQL
                  database, which must hold no content yet (a freshly created database: the
                  command creates the tables). Start the store with DATABASE_URL afterwards.
copy-to-sqlite    the way back: copies DATABASE_URL's store into a new SQLite file (FILE, or
                  DIR/store.db for a directory); an existing store with content is not replaced.

The signing key (DATA_DIR/signing.key on SQLite; store_secrets or SIGNING_KEY on PostgreSQL),
which signs members' tokens and seals their TOTP secrets, moves with the copy. Both copy every
table in one transaction and compare each table's row count and checksum
before committing; anything else rolls back and leaves the target as it was. The pictures'
files (DATA_DIR/media) are not copied: they stay in DATA_DIR/media, which the store uses with
either database. The private files (DATA_DIR/files) stay too; copy-to-sqlite into another
directory copies them there, since the new store needs them.`;

export type CopyCliIo = {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
};

const defaultIo: CopyCliIo = {
  env: process.env,
  cwd: process.cwd(),
  out: console.log,
  err: console.error,
};

/** host:port/database of a PostgreSQL URL, without the password. */
export function describePostgres(url: string): string {
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}

function openPostgres(url: string): Db {
  try {
    return openPgDb({ url });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CopyRefused(`cannot open ${describePostgres(url)}: ${message}`);
  }
}

function printReport(io: CopyCliIo, tables: readonly TableReport[]): void {
  const width = Math.max(...tables.map((table) => table.table.length));
  for (const table of tables) {
    io.out(
      `  ${table.table.padEnd(width)}  ${String(table.rows).padStart(7)} rows  sha256 ${table.sha256.slice(0, 16)}  ${table.ok ? "ok" : "DIFFERS"}`,
    );
  }
}

function totalRows(tables: readonly TableReport[]): number {
  return tables.reduce((sum, table) => sum + table.rows, 0);
}

/** The SQLite file copy-to-sqlite writes: FILE, or store.db in an existing directory. */
function sqliteTarget(cwd: string, argument: string): string {
  const path = resolve(cwd, argument);
  return existsSync(path) && statSync(path).isDirectory() ? storeDbFile(path) : path;
}

/** An existing file may be replaced only when it is a store without content. */
function checkExistingSqlite(file: string): void {
  if (!existsSync(file) || statSync(file).size === 0) return;
  let content: string[];
  try {
    const existing = new SqliteDb(new Database(file, { readonly: true, fileMustExist: true }));
    try {
      content = findContent(existing);
    } finally {
      existing.close();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new CopyRefused(`${file} exists and is not an empty store (${message})`);
  }
  if (content.length > 0) {
    throw new CopyRefused(`${file} is not empty: it holds ${content.join("; ")}`);
  }
}

function removeDatabaseFile(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`]) rmSync(path, { force: true });
}

function copyToPostgres(
  io: CopyCliIo,
  dataDir: string,
  url: string,
  configuredKey: Uint8Array | null,
): void {
  const file = storeDbFile(dataDir);
  if (!existsSync(file)) throw new CopyRefused(`there is no store at ${file} (DATA_DIR)`);
  const storeSecrets = storeSecretsFor(readSigningKeyFile(dataDir), configuredKey);
  const source = openDb(file);
  try {
    const target = openPostgres(url);
    try {
      io.out(`store: copying ${file} into ${describePostgres(url)}`);
      const tables = copyStore(source, target, { storeSecrets });
      printReport(io, tables);
      io.out(
        storeSecrets.length === 0
          ? "  signing key: none yet (no store has started on DATA_DIR); the first node creates one"
          : storeSecrets.length === 1
            ? `  signing key: ${signingKeyFile(dataDir)} is SIGNING_KEY; its check value is stored`
            : `  signing key: ${signingKeyFile(dataDir)} copied into store_secrets`,
      );
      io.out(
        `store: copied ${tables.length} tables, ${totalRows(tables)} rows; counts and checksums match. The pictures' files were not copied: they stay in ${mediaDirOf(dataDir)}.`,
      );
    } finally {
      target.close();
    }
  } finally {
    source.close();
  }
}

function copyToSqlite(
  io: CopyCliIo,
  dataDir: string,
  url: string,
  configuredKey: Uint8Array | null,
  argument: string,
): void {
  const file = sqliteTarget(io.cwd, argument);
  const newDataDir = dirname(file);
  checkExistingSqlite(file);
  const source = openPostgres(url);
  try {
    const key = postgresSigningKey(source, configuredKey);
    const created = !existsSync(file);
    const keyCreated = placeSigningKeyFile(newDataDir, key);
    let copied = false;
    let target: Db | undefined;
    try {
      target = openDb(file);
      io.out(`store: copying ${describePostgres(url)} into ${file}`);
      const tables = copyStore(source, target);
      copied = true;
      printReport(io, tables);
      if (newDataDir !== dataDir) {
        const files = copyMissingFiles(filesDirOf(dataDir), filesDirOf(newDataDir));
        io.out(`  private files: ${files} copied to ${filesDirOf(newDataDir)}`);
      }
      io.out(
        key === null
          ? "  signing key: none yet (no node has started on the database)"
          : `  signing key: ${keyCreated ? "written to" : "already in"} ${signingKeyFile(newDataDir)}`,
      );
      io.out(
        `store: copied ${tables.length} tables, ${totalRows(tables)} rows; counts and checksums match. The pictures' files were not copied: they are in ${mediaDirOf(dataDir)}${newDataDir === dataDir ? "" : `; a store with DATA_DIR=${newDataDir} needs them in ${mediaDirOf(newDataDir)}`}.`,
      );
    } finally {
      target?.close();
      if (!copied) {
        if (created) removeDatabaseFile(file);
        if (keyCreated) rmSync(signingKeyFile(newDataDir), { force: true });
      }
    }
  } finally {
    source.close();
  }
}

/** Runs `copy-to-postgres` or `copy-to-sqlite FILE|DIR`; returns the exit code (2 for usage, 1 for failure). */
export function runCopyCli(
  command: "copy-to-postgres" | "copy-to-sqlite",
  args: readonly string[],
  io: CopyCliIo = defaultIo,
): number {
  const expected = command === "copy-to-postgres" ? 0 : 1;
  if (args.includes("--help") || args.length !== expected) {
    io.err(USAGE);
    return args.includes("--help") ? 0 : 2;
  }
  try {
    const url = readDatabaseUrl(io.env.DATABASE_URL);
    if (url === null) {
      io.err(`${command}: DATABASE_URL must name the PostgreSQL database (see --help)`);
      return 2;
    }
    const { dataDir, signingKey } = readEnvConfig({ ...io.env, DATABASE_URL: url }, io.cwd);
    if (command === "copy-to-postgres") copyToPostgres(io, dataDir, url, signingKey);
    else copyToSqlite(io, dataDir, url, signingKey, args[0] ?? "");
    return 0;
  } catch (error) {
    if (error instanceof CopyVerificationFailed) printReport(io, error.tables);
    const message = error instanceof Error ? error.message : String(error);
    io.err(`${command}: ${error instanceof CopyRefused ? "refused: " : ""}${message}`);
    return 1;
  }
}
