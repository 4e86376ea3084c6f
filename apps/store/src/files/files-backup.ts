/**
 * @module The private files' bytes beside a database backup (`FILE.files/` next to `FILE`) or
 * a copied store's DATA_DIR. A stored file never changes under its id, so copying the ones the
 * target lacks is the whole job, both ways; each copy is fsynced and renamed into place like an
 * upload, so a copy cut short leaves no half file under a file's name.
 */
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
} from "node:fs";
import { join } from "node:path";
import { DATA_DIR_MODE } from "../platform/db/data-dir.ts";
import { FILE_ID } from "./file-storage.ts";

/** The folder holding the private files of the backup `file`. */
export function backupFilesDir(file: string): string {
  return `${file}.files`;
}

/** Copies the stored files of `from` that `to` lacks; returns how many. */
export function copyMissingFiles(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  mkdirSync(to, { recursive: true, mode: DATA_DIR_MODE });
  const present = new Set(readdirSync(to));
  let copied = 0;
  for (const name of readdirSync(from)) {
    if (!FILE_ID.test(name) || present.has(name)) continue;
    const temporary = join(to, `.${name}.tmp`);
    copyFileSync(join(from, name), temporary);
    const handle = openSync(temporary, "r");
    try {
      fsyncSync(handle);
    } finally {
      closeSync(handle);
    }
    renameSync(temporary, join(to, name));
    copied += 1;
  }
  return copied;
}
