/**
 * @module FILES_MAX_BYTES, the largest private file the store takes, FILES_QUOTA_BYTES, what
 * one client's uploads may hold together, and FILES_DIGEST_SECONDS, how long the owner's mail
 * about uploads gathers them.
 */
import { DEFAULT_FILE_MAX_BYTES } from "./file-sharing.ts";
import { UPLOAD_DIGEST_MS } from "./upload-digest.ts";

/** The largest setting: a file is streamed to disk, but a browser upload of more is unwise. */
const MAX_SETTING = 2 * 1024 * 1024 * 1024;

/** Default FILES_QUOTA_BYTES: 500 MB per client, ten files of the default largest size. */
export const DEFAULT_FILE_QUOTA_BYTES = 500 * 1024 * 1024;

/** The largest quota setting: 1 TB (a disk's worth, not a typo's). */
const MAX_QUOTA_SETTING = 1024 ** 4;

function readSize(name: string, value: string | undefined, fallback: number, max: number): number {
  const text = value?.trim().toUpperCase() ?? "";
  if (text === "") return fallback;
  const match = /^(\d+)\s*(B|KB|MB|GB|TB)?$/.exec(text);
  const unit =
    { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3, TB: 1024 ** 4 }[match?.[2] ?? "B"] ?? 1;
  const bytes = match === null ? Number.NaN : Number(match[1]) * unit;
  if (!Number.isSafeInteger(bytes) || bytes < 1 || bytes > max) {
    const largest = max === MAX_SETTING ? "2GB" : "1TB";
    throw new Error(`${name} must be a size from 1 byte to ${largest} (e.g. 50MB), got "${value}"`);
  }
  return bytes;
}

/**
 * FILES_MAX_BYTES: bytes, or with a unit (`20MB`, `1GB`); 50 MB when unset.
 * @throws Error with a one-line message for anything else.
 */
export function readFilesMaxBytes(value: string | undefined): number {
  return readSize("FILES_MAX_BYTES", value, DEFAULT_FILE_MAX_BYTES, MAX_SETTING);
}

/**
 * FILES_QUOTA_BYTES: what one client's uploads may hold together, as FILES_MAX_BYTES is
 * written; 500 MB when unset.
 * @throws Error with a one-line message for anything else.
 */
export function readFilesQuotaBytes(value: string | undefined): number {
  return readSize("FILES_QUOTA_BYTES", value, DEFAULT_FILE_QUOTA_BYTES, MAX_QUOTA_SETTING);
}

/**
 * FILES_DIGEST_SECONDS: how long the owner's mail about a client's uploads waits to gather the
 * rest of a batch (upload-digest.ts); 600 (10 minutes) when unset, 1 to 86,400.
 * @throws Error with a one-line message for anything else.
 */
export function readFilesDigestMs(value: string | undefined): number {
  const text = value?.trim() ?? "";
  if (text === "") return UPLOAD_DIGEST_MS;
  const seconds = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(seconds >= 1 && seconds <= 86_400)) {
    throw new Error(`FILES_DIGEST_SECONDS must be whole seconds from 1 to 86400, got "${value}"`);
  }
  return seconds * 1000;
}
