/**
 * @module `DATA_DIR/files`: the bytes of private files, one file per id, outside the public
 * `/media/` path. A file is written to a temporary name, fsynced, renamed into place and its
 * folder fsynced, so a crash leaves either nothing or the whole file under its name; the
 * database row is written only after that (a file without a row is never served, and
 * `files prune` removes it).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { DATA_DIR_MODE, DATA_FILE_MODE } from "../platform/db/data-dir.ts";
import { SIGNATURE_BYTES } from "./file-types.ts";

/** A stored file's name on disk: its id. */
export const FILE_ID = /^[0-9a-f]{32}$/;

export type FileStorage = ReturnType<typeof createFileStorage>;

export type WrittenFile = { id: string; size: number; sha256: string; head: Uint8Array };

/** Why a write stopped: the body passed the limit. */
export class FileTooLargeError extends Error {
  constructor() {
    super("file too large");
  }
}

export function filesDirOf(dataDir: string): string {
  return join(dataDir, "files");
}

export function newFileId(): string {
  return randomBytes(16).toString("hex");
}

export function createFileStorage(dir: string) {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });

  async function syncDir(): Promise<void> {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  return {
    dir,

    /**
     * Writes the body under a new id, durably, refusing it past `maxBytes`; `check` sees the
     * first bytes before the file is renamed into place and may throw to refuse it.
     * @throws FileTooLargeError past the limit (nothing is kept).
     */
    async write(
      body: Readable,
      maxBytes: number,
      check: (head: Uint8Array) => void,
    ): Promise<WrittenFile> {
      const id = newFileId();
      const temporary = join(dir, `.${id}.tmp`);
      const handle = await open(temporary, "wx", DATA_FILE_MODE);
      const hash = createHash("sha256");
      const head: Buffer[] = [];
      let size = 0;
      let headSize = 0;
      let kept = false;
      try {
        for await (const chunk of body) {
          const bytes = chunk as Buffer;
          size += bytes.length;
          if (size > maxBytes) throw new FileTooLargeError();
          if (headSize < SIGNATURE_BYTES) {
            head.push(bytes.subarray(0, SIGNATURE_BYTES - headSize));
            headSize += Math.min(bytes.length, SIGNATURE_BYTES - headSize);
          }
          hash.update(bytes);
          await handle.write(bytes);
        }
        const start = new Uint8Array(Buffer.concat(head));
        check(start);
        await handle.sync();
        await handle.close();
        await rename(temporary, join(dir, id));
        await syncDir();
        kept = true;
        return { id, size, sha256: hash.digest("hex"), head: start };
      } finally {
        if (!kept) {
          await handle.close().catch(() => undefined);
          await rm(temporary, { force: true });
        }
      }
    },

    /** The file's path on disk, or null for an id that is no stored file. */
    pathOf(id: string): string | null {
      if (!FILE_ID.test(id)) return null;
      const path = join(dir, id);
      try {
        return statSync(path).isFile() ? path : null;
      } catch {
        return null;
      }
    },

    /** Stored ids and leftover temporary files, with their age. */
    entries(): { name: string; id: string | null; mtimeMs: number }[] {
      return readdirSync(dir).map((name) => ({
        name,
        id: FILE_ID.test(name) ? name : null,
        mtimeMs: statSync(join(dir, name)).mtimeMs,
      }));
    },

    remove(name: string): void {
      if (FILE_ID.test(name) || /^\.[0-9a-f]{32}\.tmp$/.test(name)) {
        rmSync(join(dir, name), { force: true });
      }
    },
  };
}
