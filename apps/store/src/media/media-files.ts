/**
 * @module `DATA_DIR/media`: the pictures' files, each named by a hash of its bytes (so a name
 * never changes meaning and can be cached for a year), written atomically and owner-only like
 * the rest of DATA_DIR.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DATA_DIR_MODE, DATA_FILE_MODE } from "../platform/db/data-dir.ts";

export const MEDIA_TYPES = {
  avif: "image/avif",
  webp: "image/webp",
  png: "image/png",
  jpg: "image/jpeg",
  svg: "image/svg+xml",
} as const;

export type MediaExtension = keyof typeof MEDIA_TYPES;

/** A stored file's name: 20 hex digits of its SHA-256, then its extension. */
export const MEDIA_NAME = /^[0-9a-f]{20}\.(avif|webp|png|jpg|svg)$/;

/** The public path of a stored file. */
export const MEDIA_PREFIX = "/media/";

export type MediaFiles = ReturnType<typeof createMediaFiles>;

export function mediaDirOf(dataDir: string): string {
  return join(dataDir, "media");
}

export function mediaNameFor(bytes: Uint8Array, extension: MediaExtension): string {
  return `${createHash("sha256").update(bytes).digest("hex").slice(0, 20)}.${extension}`;
}

export function createMediaFiles(dir: string) {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });

  return {
    dir,

    /** Stores the bytes (once: same bytes, same name) and returns the public path. */
    write(bytes: Uint8Array, extension: MediaExtension): string {
      const name = mediaNameFor(bytes, extension);
      const target = join(dir, name);
      if (!existsFile(target)) {
        const temporary = join(dir, `.${name}.${randomBytes(6).toString("hex")}.tmp`);
        writeFileSync(temporary, bytes, { mode: DATA_FILE_MODE });
        renameSync(temporary, target);
      }
      return `${MEDIA_PREFIX}${name}`;
    },

    /** The file's path on disk, or null for a name that is not a stored file's. */
    pathOf(name: string): string | null {
      if (!MEDIA_NAME.test(name)) return null;
      const path = join(dir, name);
      return existsFile(path) ? path : null;
    },

    /** The stored files' names. */
    names(): string[] {
      return readdirSync(dir).filter((name) => MEDIA_NAME.test(name));
    },

    remove(name: string): void {
      if (MEDIA_NAME.test(name)) rmSync(join(dir, name), { force: true });
    },
  };
}

function existsFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The media file names an item's JSON (or any text) points at. */
export function mediaNamesIn(textValue: string): string[] {
  return [...textValue.matchAll(/\/media\/([0-9a-f]{20}\.(?:avif|webp|png|jpg|svg))/g)].flatMap(
    (match) => (match[1] === undefined ? [] : [match[1]]),
  );
}
