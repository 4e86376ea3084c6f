import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const BENCH_DIR = dirname(dirname(fileURLToPath(import.meta.url)));
export const ROOT_DIR = resolve(BENCH_DIR, "..");
export const SITE_DIR = join(ROOT_DIR, "apps/site");
export const SITE_DIST_CLIENT = join(SITE_DIR, "dist/client");
export const CONTENT_DIR = join(ROOT_DIR, "content");
export const BARE_PAGE_DIR = join(BENCH_DIR, "bare-page");
export const DOC_PATH = join(ROOT_DIR, "docs/benchmarks.md");
