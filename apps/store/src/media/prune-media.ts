/**
 * @module `npm run store -- media prune`: removes the files in `DATA_DIR/media` that no picture
 * uses, neither a current one nor a version kept in the history (which the owner may restore).
 * Files younger than an hour stay: an upload writes its files before its item.
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../platform/db/sql-db.ts";
import { runPruneCommand } from "../platform/prune-command.ts";
import { createMediaFiles, type MediaFiles, mediaDirOf, mediaNamesIn } from "./media-files.ts";
import { PICTURES_COLLECTION } from "./picture-routes.ts";

const USAGE = `Usage: npm run store -- media prune

Removes the files of DATA_DIR/media that no picture uses (current, or kept in the history),
except those written within the last hour. Uses DATA_DIR (default ./data).`;

const GRACE_MS = 60 * 60 * 1000;

/** Every media file name the Pictures collection and its history point at. */
export function usedMediaNames(db: Db): Set<string> {
  const rows = db
    .prepare<[string, string], { data: string }>(
      `SELECT data FROM items WHERE collection_id = ?
       UNION ALL SELECT data FROM item_history WHERE collection_id = ?`,
    )
    .all(PICTURES_COLLECTION, PICTURES_COLLECTION);
  return new Set(rows.flatMap((row) => mediaNamesIn(row.data)));
}

/** Removes the unused files; returns their names. */
export function pruneMedia(db: Db, media: MediaFiles, now = Date.now()): string[] {
  const used = usedMediaNames(db);
  const removed: string[] = [];
  for (const name of media.names()) {
    if (used.has(name)) continue;
    if (now - statSync(join(media.dir, name)).mtimeMs < GRACE_MS) continue;
    media.remove(name);
    removed.push(name);
  }
  return removed;
}

export function runMediaCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): number {
  return runPruneCommand(
    {
      usage: USAGE,
      prune: (db, config) => {
        const media = createMediaFiles(mediaDirOf(config.dataDir));
        const removed = pruneMedia(db, media);
        return `store: removed ${removed.length} unused file(s) from ${media.dir}`;
      },
    },
    args,
    env,
    out,
    err,
  );
}
