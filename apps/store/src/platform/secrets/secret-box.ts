/**
 * @module Secrets the store must read back (TOTP keys) are sealed with AES-256-GCM under a key
 * derived from the signing key (store-signing-key.ts). On SQLite that key lives beside the
 * database (DATA_DIR/signing.key), not in it, so a copy of the database alone does not reveal
 * them; on PostgreSQL the same holds only when SIGNING_KEY is set (else the key is in the
 * database, shared by every node).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

const VERSION = "v1";

function boxKey(key: Uint8Array, purpose: string): Buffer {
  return createHmac("sha256", key).update(`secret-box:${purpose}`).digest();
}

export function sealSecret(key: Uint8Array, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", boxKey(key, purpose), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plain secret, or null when it was not sealed with this key and purpose. */
export function openSecret(key: Uint8Array, purpose: string, sealed: string): string | null {
  const [version, iv, data, tag] = sealed.split(".");
  if (version !== VERSION || iv === undefined || data === undefined || tag === undefined) {
    return null;
  }
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      boxKey(key, purpose),
      Buffer.from(iv, "base64url"),
    );
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([
      decipher.update(Buffer.from(data, "base64url")),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}
