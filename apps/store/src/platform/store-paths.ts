/**
 * @module Folders the store reads at run time, found from `apps/store/`: the nearest folder above
 * this module that holds the store's `package.json`, the same under tsx (`src/platform/`) and in
 * the production build (`dist/`).
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

function storeRoot(): URL {
  for (let folder = new URL("./", import.meta.url); ; folder = new URL("../", folder)) {
    const manifest = new URL("package.json", folder);
    if (existsSync(manifest) && readFileSync(manifest, "utf8").includes('"@consultant/store"')) {
      return folder;
    }
    if (folder.pathname === "/") throw new Error("store: apps/store/package.json not found");
  }
}

const STORE_ROOT = storeRoot();

/** The SQL migrations, applied in name order. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("src/platform/db/migrations/", STORE_ROOT));
/** PostgreSQL's migrations, the same schema in its dialect. */
export const PG_MIGRATIONS_DIR = fileURLToPath(
  new URL("src/platform/db/migrations/postgres/", STORE_ROOT),
);
/** The bundled list of the most common passwords, refused as new passwords. */
export const COMMON_PASSWORDS_FILE = fileURLToPath(
  new URL("src/identity/common-passwords.txt", STORE_ROOT),
);
/** The worker thread that holds the PostgreSQL connections (plain JavaScript, not bundled). */
export const PG_WORKER_FILE = fileURLToPath(
  new URL("src/platform/db/postgres/pg-worker.mjs", STORE_ROOT),
);
/** The worker thread that checkpoints SQLite's WAL off the request thread (plain JavaScript). */
export const WAL_CHECKPOINT_WORKER_FILE = fileURLToPath(
  new URL("src/platform/db/wal-checkpoint-worker.mjs", STORE_ROOT),
);
/** The sample content seeded on first start (the repository's `content/`). */
export const SAMPLE_CONTENT_DIR = fileURLToPath(new URL("../../content/", STORE_ROOT));
/** The built site (`npm run build`), served unless SITE_DIR says otherwise. */
export const DEFAULT_SITE_DIR = fileURLToPath(new URL("../site/dist/", STORE_ROOT));
/** The site's palette and fonts (light, then dark), which the members' pages wear too. */
export const SITE_THEME_FILES = {
  light: fileURLToPath(new URL("../site/src/theme.css", STORE_ROOT)),
  dark: fileURLToPath(new URL("../site/src/theme-dark.css", STORE_ROOT)),
};
