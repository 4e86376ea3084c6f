/**
 * @module The pictures' files beside a database backup: `FILE.media/` next to `FILE`. The files
 * are named by their content and never change, so copying the missing ones is the whole job,
 * both ways; restoring adds files and removes none (`media prune` does that).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DATA_DIR_MODE } from "../platform/db/data-dir.ts";
import { MEDIA_NAME } from "./media-files.ts";

/** The folder holding the pictures' files of the backup `file`. */
export function backupMediaDir(file: string): string {
  return `${file}.media`;
}

/** Copies the files of `from` that `to` lacks; returns how many. */
export function copyMissingMedia(from: string, to: string): number {
  if (!existsSync(from)) return 0;
  mkdirSync(to, { recursive: true, mode: DATA_DIR_MODE });
  const present = new Set(readdirSync(to));
  let copied = 0;
  for (const name of readdirSync(from)) {
    if (!MEDIA_NAME.test(name) || present.has(name)) continue;
    copyFileSync(join(from, name), join(to, name));
    copied += 1;
  }
  return copied;
}
