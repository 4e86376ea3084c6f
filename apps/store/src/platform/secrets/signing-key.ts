/** @module The token signing key: 32 random bytes in `DATA_DIR/signing.key`, created once (0600). */
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SIGNING_KEY_BYTES } from "../config.ts";

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
