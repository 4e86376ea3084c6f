/** @module FILES_MAX_BYTES: the largest private file the store takes. */
import { DEFAULT_FILE_MAX_BYTES } from "./file-sharing.ts";

/** The largest setting: a file is streamed to disk, but a browser upload of more is unwise. */
const MAX_SETTING = 2 * 1024 * 1024 * 1024;

/**
 * FILES_MAX_BYTES: bytes, or with a unit (`20MB`, `1GB`); 50 MB when unset.
 * @throws Error with a one-line message for anything else.
 */
export function readFilesMaxBytes(value: string | undefined): number {
  const text = value?.trim().toUpperCase() ?? "";
  if (text === "") return DEFAULT_FILE_MAX_BYTES;
  const match = /^(\d+)\s*(B|KB|MB|GB)?$/.exec(text);
  const unit = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[match?.[2] ?? "B"] ?? 1;
  const bytes = match === null ? Number.NaN : Number(match[1]) * unit;
  if (!Number.isSafeInteger(bytes) || bytes < 1 || bytes > MAX_SETTING) {
    throw new Error(
      `FILES_MAX_BYTES must be a size from 1 byte to 2GB (e.g. 50MB), got "${value}"`,
    );
  }
  return bytes;
}
