/** @module The token signing key: 32 random bytes in `DATA_DIR/signing.key`, created once (0600). */
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const SIGNING_KEY_BYTES = 32;

/**
 * Reads the key from `dataDir`, creating it on first start.
 * @throws Error when the file exists with the wrong length, or cannot be read or written.
 */
export function loadSigningKey(dataDir: string): Uint8Array {
  const file = join(dataDir, "signing.key");
  try {
    writeFileSync(file, randomBytes(SIGNING_KEY_BYTES), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = readFileSync(file);
  if (key.length !== SIGNING_KEY_BYTES) {
    throw new Error(
      `${file} must hold exactly ${SIGNING_KEY_BYTES} bytes; delete it to generate a new key`,
    );
  }
  return new Uint8Array(key);
}

/**
 * SIGNING_KEY: base64 (or base64url) of exactly 32 bytes; null when unset.
 * @throws Error when it is set to anything else.
 */
export function readSigningKey(value: string | undefined): Uint8Array | null {
  const text = value?.trim() ?? "";
  if (text === "") return null;
  const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(text) ? Buffer.from(text, "base64") : null;
  if (key === null || key.length !== SIGNING_KEY_BYTES) {
    throw new Error(
      `SIGNING_KEY must be ${SIGNING_KEY_BYTES} random bytes in base64 (openssl rand -base64 32)`,
    );
  }
  return new Uint8Array(key);
}
