/**
 * @module `npm run content -- export DIR` and `npm run content -- import DIR [--dry-run]`: the
 * owner's escape hatch on DATA_DIR's database (backup/content-transfer.ts). Entry:
 * main/content-cli.ts.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  type CollectionChanges,
  ContentFileError,
  exportContent,
  importContent,
} from "../../backup/index.ts";
import { createCollectionsStore, createItemsStore } from "../../data/index.ts";
import { readEnvConfig } from "../../platform/config.ts";
import { openStoreDb, storeDbFile } from "../../platform/db/open.ts";

const USAGE = `Usage: npm run content -- export DIR
       npm run content -- import DIR [--dry-run]

export  writes every collection to DIR/<Collection>.json (arrays of item data, dates as {"$date"}),
        and the definition (fields, permissions) of each collection made over the API to
        DIR/<Collection>.collection.json.
import  creates the collections the files name (from <Collection>.collection.json; without one:
        read ANYONE, insert, update and remove ADMIN), applies changed definitions, and makes
        each collection that has a <Collection>.json hold exactly that file's items: adds,
        updates and removes, all in one transaction, after checking every file. Collections
        without a file are left as they are. --dry-run prints the changes without making them.
Uses DATA_DIR (default ./data).`;

const SHOWN_IDS = 10;

function describe(label: string, ids: readonly string[]): string {
  if (ids.length === 0) return `0 ${label}`;
  const shown = ids.slice(0, SHOWN_IDS).join(", ");
  const more = ids.length > SHOWN_IDS ? `, … ${ids.length - SHOWN_IDS} more` : "";
  return `${ids.length} ${label} (${shown}${more})`;
}

const DEFINITION_CHANGES = {
  created: "new collection, ",
  updated: "definition changed, ",
} as const;

export function formatChanges(changes: readonly CollectionChanges[]): string[] {
  return changes.map(
    (change) =>
      `  ${change.collectionId}: ${change.definition ? DEFINITION_CHANGES[change.definition] : ""}${describe("added", change.added)}, ${describe("updated", change.updated)}, ${describe("removed", change.removed)}`,
  );
}

export type ContentCliIo = {
  env: NodeJS.ProcessEnv;
  cwd: string;
  out: (line: string) => void;
  err: (line: string) => void;
  now: () => number;
};

const DEFAULT_IO: ContentCliIo = {
  env: process.env,
  cwd: process.cwd(),
  out: console.log,
  err: console.error,
  now: Date.now,
};

/** Runs a content command; returns the exit code (0 done, 1 failed, 2 usage). */
export function runContentCli(args: readonly string[], io: ContentCliIo = DEFAULT_IO): number {
  const [command, dirArg, ...rest] = args;
  const dryRun = rest.length === 1 && rest[0] === "--dry-run";
  const valid =
    dirArg !== undefined &&
    ((command === "export" && rest.length === 0) ||
      (command === "import" && (rest.length === 0 || dryRun)));
  if (!valid) {
    io.err(USAGE);
    return command === "help" || command === "--help" ? 0 : 2;
  }
  const dir = resolve(io.cwd, dirArg);
  try {
    const config = readEnvConfig(io.env, io.cwd);
    const dbFile = storeDbFile(config.dataDir);
    if (config.databaseUrl === null && !existsSync(dbFile)) {
      io.err(`content: no store database at ${dbFile}; start the store once or set DATA_DIR`);
      return 1;
    }
    const db = openStoreDb(config);
    try {
      const store = createItemsStore(db);
      const collections = createCollectionsStore(db);
      if (command === "export") {
        const counts = exportContent(store, dir, collections);
        for (const [collectionId, count] of Object.entries(counts)) {
          io.out(`  ${collectionId}.json: ${count} ${count === 1 ? "item" : "items"}`);
        }
        io.out(`content: exported ${Object.keys(counts).length} collections to ${dir}`);
        return 0;
      }
      const changes = importContent(store, dir, { dryRun, now: io.now(), collections });
      io.out(
        dryRun
          ? `content: dry run of the import from ${dir}; nothing was changed. It would make:`
          : `content: imported ${dir}:`,
      );
      for (const line of formatChanges(changes)) io.out(line);
      if (changes.length === 0) io.out("  (no <Collection>.json files found)");
      return 0;
    } finally {
      db.close();
    }
  } catch (error) {
    const reason =
      error instanceof ContentFileError
        ? `${join(dirArg, error.file)}: ${error.problem}`
        : error instanceof Error
          ? error.message
          : String(error);
    io.err(`content: ${reason}; nothing was changed`);
    return 1;
  }
}
