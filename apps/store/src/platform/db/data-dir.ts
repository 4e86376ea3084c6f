/**
 * @module DATA_DIR holds the database, the signing key and the API key's hash: only the store's
 * own user may read it. The folder is created 0700 and its files 0600 (SQLite gives the -wal and
 * -shm files the database's mode); folders and files left looser by an older version or a
 * default umask are tightened on start, and what cannot be tightened is reported.
 */
import { chmodSync, closeSync, mkdirSync, openSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

export type DataDirReport = {
  /** Paths whose mode was narrowed to owner-only. */
  tightened: string[];
  /** Paths others can still read or write, with the reason they could not be tightened. */
  loose: string[];
};

function tighten(path: string, mode: number, report: DataDirReport): void {
  const current = statSync(path).mode & 0o777;
  if ((current & 0o077) === 0) return;
  try {
    chmodSync(path, mode);
    report.tightened.push(path);
  } catch (error) {
    report.loose.push(`${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

/** Creates DATA_DIR owner-only, or tightens it and the files directly in it. */
export function prepareDataDirModes(dataDir: string): DataDirReport {
  const report: DataDirReport = { tightened: [], loose: [] };
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  tighten(dataDir, DATA_DIR_MODE, report);
  for (const entry of readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile()) tighten(join(dataDir, entry.name), DATA_FILE_MODE, report);
  }
  return report;
}

/** Creates an empty file owner-only unless it exists (before SQLite creates it with 0644). */
export function createPrivateFile(path: string): void {
  closeSync(openSync(path, "a", DATA_FILE_MODE));
}

/** Lines for the log: what was tightened, and a warning for what stays readable by others. */
export function describeDataDirReport(report: DataDirReport): string[] {
  return [
    ...report.tightened.map((path) => `store: made ${path} readable by its owner only`),
    ...report.loose.map((path) => `store: warning: ${path} is readable by other users`),
  ];
}
