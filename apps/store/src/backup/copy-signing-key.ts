/**
 * @module The signing key moves with a copy: it signs members' tokens and seals their TOTP
 * secrets (platform/secrets/store-signing-key.ts), so a store on the copy without it would turn
 * away every member with two-factor sign-in. SQLite keeps it in DATA_DIR/signing.key, PostgreSQL in
 * `store_secrets` (or outside the database, in every node's SIGNING_KEY).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SIGNING_KEY_BYTES } from "../platform/config.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { signingKeyCheck } from "../platform/secrets/store-signing-key.ts";
import { CopyRefused } from "./copy-schema.ts";

export function signingKeyFile(dataDir: string): string {
  return join(dataDir, "signing.key");
}

/** DATA_DIR/signing.key; null when no store has started there yet. */
export function readSigningKeyFile(dataDir: string): Uint8Array | null {
  const file = signingKeyFile(dataDir);
  if (!existsSync(file)) return null;
  const key = readFileSync(file);
  if (key.length !== SIGNING_KEY_BYTES) {
    throw new CopyRefused(`${file} must hold exactly ${SIGNING_KEY_BYTES} bytes`);
  }
  return new Uint8Array(key);
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}

/**
 * The `store_secrets` rows for a PostgreSQL target: the key and its check value, or only the
 * check value when the nodes will be given the key as SIGNING_KEY (`configured`).
 * @throws CopyRefused when SIGNING_KEY is not the key the store used.
 */
export function storeSecretsFor(
  key: Uint8Array | null,
  configured: Uint8Array | null,
): { name: string; value: string }[] {
  if (key === null) return [];
  const check = { name: "signing_key_check", value: signingKeyCheck(key) };
  if (configured === null) {
    return [{ name: "signing_key", value: Buffer.from(key).toString("base64") }, check];
  }
  if (!same(configured, key)) {
    throw new CopyRefused(
      "SIGNING_KEY is not the key in DATA_DIR/signing.key, which signed this store's tokens and sealed its TOTP secrets; unset SIGNING_KEY or set it to that key (base64)",
    );
  }
  return [check];
}

/**
 * The key a PostgreSQL store signs with: SIGNING_KEY (`configured`) or `store_secrets`'s; null
 * when no node has started on it yet.
 * @throws CopyRefused when the nodes use a SIGNING_KEY that is not given, or not that one.
 */
export function postgresSigningKey(db: Db, configured: Uint8Array | null): Uint8Array | null {
  const secrets = new Map(
    db
      .prepare<[], { name: string; value: string }>("SELECT name, value FROM store_secrets")
      .all()
      .map((row) => [row.name, row.value]),
  );
  const check = secrets.get("signing_key_check");
  const stored = secrets.get("signing_key");
  const key =
    configured ?? (stored === undefined ? null : new Uint8Array(Buffer.from(stored, "base64")));
  if (key === null) {
    if (check === undefined) return null;
    throw new CopyRefused(
      "this database's nodes sign with SIGNING_KEY; give the copy the same SIGNING_KEY, so the SQLite store gets the key that sealed its TOTP secrets",
    );
  }
  if (check !== undefined && check !== signingKeyCheck(key)) {
    throw new CopyRefused("SIGNING_KEY differs from the key this database's nodes use");
  }
  return key;
}

/**
 * Gives a SQLite store's DATA_DIR the key, unless it has that very key already.
 * @returns whether the file was created (to remove it if the copy fails).
 * @throws CopyRefused when DATA_DIR has a different key.
 */
export function placeSigningKeyFile(dataDir: string, key: Uint8Array | null): boolean {
  if (key === null) return false;
  const existing = readSigningKeyFile(dataDir);
  if (existing !== null) {
    if (same(existing, key)) return false;
    throw new CopyRefused(
      `${signingKeyFile(dataDir)} holds another key than the one the copied store signs with; move it away first`,
    );
  }
  writeFileSync(signingKeyFile(dataDir), key, { mode: 0o600, flag: "wx" });
  return true;
}
