/**
 * @module The key that signs tokens and cursors and seals the members' TOTP secrets, the same on
 * every node: SIGNING_KEY when set (PostgreSQL only), else the database's own (`store_secrets`,
 * created by the first node), else, on SQLite, `DATA_DIR/signing.key`.
 *
 * On PostgreSQL the database also keeps a check value of the key (an HMAC, which does not reveal
 * it): a node whose SIGNING_KEY differs from the one the others use refuses to start instead of
 * rejecting their tokens and failing to open their sealed secrets.
 */
import { createHmac, randomBytes } from "node:crypto";
import { SIGNING_KEY_BYTES } from "../config.ts";
import type { Db } from "../db/sql-db.ts";
import { loadSigningKey } from "./signing-key.ts";
import { createStoreSecrets } from "./store-secrets.ts";

export type SigningKeySource = {
  dataDir: string;
  /** SIGNING_KEY, decoded; null when not set. */
  configured: Uint8Array | null;
};

/** What `store_secrets.signing_key_check` holds for `key`. */
export function signingKeyCheck(key: Uint8Array): string {
  return createHmac("sha256", key).update("store-signing-key-check").digest("base64url");
}

/**
 * @throws Error when SIGNING_KEY is set for SQLite, when the database's key is malformed, or when
 *   the key differs from the one the database was first used with.
 */
export function storeSigningKey(db: Db, { dataDir, configured }: SigningKeySource): Uint8Array {
  if (!db.capabilities.sharedByNodes) {
    if (configured !== null) {
      throw new Error(
        "SIGNING_KEY is for DATABASE_URL (PostgreSQL); with SQLite the key is DATA_DIR/signing.key",
      );
    }
    return loadSigningKey(dataDir);
  }
  const secrets = createStoreSecrets(db);
  const key =
    configured ??
    Buffer.from(
      secrets.ensure("signing_key", randomBytes(SIGNING_KEY_BYTES).toString("base64")),
      "base64",
    );
  if (key.length !== SIGNING_KEY_BYTES) {
    throw new Error(`store_secrets.signing_key must hold exactly ${SIGNING_KEY_BYTES} bytes`);
  }
  const check = signingKeyCheck(key);
  if (secrets.ensure("signing_key_check", check) !== check) {
    throw new Error(
      configured === null
        ? "this database's nodes sign with SIGNING_KEY; set the same SIGNING_KEY on this node"
        : "SIGNING_KEY differs from the key this database was first used with; every node needs the same SIGNING_KEY",
    );
  }
  return new Uint8Array(key);
}
