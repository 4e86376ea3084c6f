/**
 * @module Writes `<file>.br` and `<file>.gz` beside each compressible file of the built site, on
 * start, where missing or older than the file; `@fastify/static` (`preCompressed`) then sends
 * them by content negotiation. Best compression levels: this runs once per build.
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { DEFAULT_SITE_DIR } from "../platform/store-paths.ts";

const COMPRESSIBLE = new Set([
  ".html",
  ".js",
  ".mjs",
  ".css",
  ".svg",
  ".json",
  ".webmanifest",
  ".txt",
  ".xml",
  ".map",
]);
/** Smaller files go out as they are. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const VARIANTS = [
  {
    suffix: ".br",
    compress: (body: Buffer) =>
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
  },
  { suffix: ".gz", compress: (body: Buffer) => gzipAsync(body, { level: 9 }) },
] as const;

export type PrecompressResult = { written: string[]; failed: { file: string; error: string }[] };

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.has(extname(file).toLowerCase());
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listFiles(path);
      return Promise.resolve(entry.isFile() ? [path] : []);
    }),
  );
  return nested.flat();
}

/** The modification time of a regular file; null when missing or not a file. */
async function fileMtime(file: string): Promise<number | null> {
  try {
    const info = await stat(file);
    return info.isFile() ? info.mtimeMs : null;
  } catch {
    return null;
  }
}

/** Compresses what needs it under `dir`; files it cannot write are reported, not thrown. */
export async function precompressAssets(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { written: [], failed: [] };
  const files = (await listFiles(dir)).filter(isCompressible);
  await Promise.all(
    files.map(async (file) => {
      const source = await stat(file);
      if (source.size < MIN_BYTES) return;
      let body: Buffer | undefined;
      for (const variant of VARIANTS) {
        const target = `${file}${variant.suffix}`;
        const existing = await fileMtime(target);
        if (existing !== null && existing >= source.mtimeMs) continue;
        try {
          body ??= await readFile(file);
          const compressed = await variant.compress(body);
          if (compressed.byteLength >= body.byteLength) continue;
          await writeFile(target, compressed);
          result.written.push(target);
        } catch (error) {
          result.failed.push({ file: target, error: (error as Error).message });
        }
      }
    }),
  );
  return result;
}

/**
 * `npm run store -- precompress-site [SITE_DIR]`, run by `npm run build`: compresses the built
 * site's files once, so the first start does not. Returns the exit code.
 */
export async function precompressSite(siteDir = DEFAULT_SITE_DIR): Promise<number> {
  const result = await precompressAssets(join(siteDir, "client"));
  for (const { file, error } of result.failed) console.error(`cannot write ${file} (${error})`);
  console.error(`precompressed ${result.written.length} files of ${siteDir}`);
  return result.failed.length === 0 ? 0 : 1;
}
