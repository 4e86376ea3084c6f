import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import {
  NO_POSTGRES,
  openSharedSchema,
  type SharedSchema,
} from "../../main/test-kit/shared-pg-schema.ts";
import { readSigningKey } from "../config.ts";
import { openDb } from "../db/open.ts";
import type { PgDb } from "../db/postgres/pg-db.ts";
import { createStoreSecrets } from "./store-secrets.ts";
import { signingKeyCheck, storeSigningKey } from "./store-signing-key.ts";

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "store-key-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe("on SQLite", () => {
  test("the key is DATA_DIR/signing.key, as before", () => {
    const db = openDb(":memory:");
    try {
      const key = storeSigningKey(db, { dataDir, configured: null });
      expect(Buffer.from(key)).toEqual(readFileSync(join(dataDir, "signing.key")));
    } finally {
      db.close();
    }
  });

  test("SIGNING_KEY is refused: it is for PostgreSQL", () => {
    const db = openDb(":memory:");
    try {
      expect(() => storeSigningKey(db, { dataDir, configured: new Uint8Array(32) })).toThrow(
        /SIGNING_KEY is for DATABASE_URL/,
      );
    } finally {
      db.close();
    }
  });
});

describe.skipIf(NO_POSTGRES !== null)("on PostgreSQL, shared by every node", () => {
  let shared: SharedSchema;
  afterEach(() => shared.close());

  test("two nodes get one key from the database, and none from DATA_DIR", () => {
    shared = openSharedSchema(2);
    const [a, b] = shared.dbs.map((db) => storeSigningKey(db, { dataDir, configured: null }));
    expect(a).toHaveLength(32);
    expect(b).toEqual(a);
    expect(() => readFileSync(join(dataDir, "signing.key"))).toThrow();
  });

  test("SIGNING_KEY is used as given, and a node with another SIGNING_KEY refuses to start", () => {
    shared = openSharedSchema(2);
    const [a, b] = [shared.dbs[0] as PgDb, shared.dbs[1] as PgDb];
    const configured = new Uint8Array(32).fill(7);
    expect(storeSigningKey(a, { dataDir, configured })).toEqual(configured);
    expect(storeSigningKey(b, { dataDir, configured: new Uint8Array(32).fill(7) })).toEqual(
      configured,
    );
    expect(() => storeSigningKey(b, { dataDir, configured: new Uint8Array(32).fill(8) })).toThrow(
      /differs from the key this database was first used with/,
    );
    expect(() => storeSigningKey(b, { dataDir, configured: null })).toThrow(
      /set the same SIGNING_KEY on this node/,
    );
  });
  test("a key in the database of the wrong size stops the node instead of signing with it", () => {
    shared = openSharedSchema(1);
    const db = shared.dbs[0] as PgDb;
    createStoreSecrets(db).ensure("signing_key", Buffer.alloc(16, 1).toString("base64"));
    expect(() => storeSigningKey(db, { dataDir, configured: null })).toThrow(
      /signing_key must hold exactly 32 bytes/,
    );
  });

  test("the database keeps the key's check value, never the key given as SIGNING_KEY", () => {
    shared = openSharedSchema(1);
    const db = shared.dbs[0] as PgDb;
    const configured = new Uint8Array(32).fill(7);
    storeSigningKey(db, { dataDir, configured });
    const secrets = createStoreSecrets(db);
    expect(secrets.ensure("signing_key_check", "none")).toBe(signingKeyCheck(configured));
    expect(secrets.ensure("signing_key", "none")).toBe("none");
  });
});

describe("signingKeyCheck", () => {
  // Databases in use hold this value: a change would stop every node of them from starting.
  test("is the HMAC-SHA256 of a fixed label, as databases in use hold it", () => {
    expect(signingKeyCheck(new Uint8Array(32).fill(7))).toBe(
      "9100DlpxEwM2H0iWdCJUvkgSVpbhp0B6l3wgmSajkLA",
    );
  });
});

describe("readSigningKey", () => {
  test("takes base64 of 32 bytes and refuses anything else", () => {
    const key = Buffer.alloc(32, 5);
    expect(readSigningKey(key.toString("base64"))).toEqual(new Uint8Array(key));
    expect(readSigningKey(key.toString("base64url"))).toEqual(new Uint8Array(key));
    expect(readSigningKey(undefined)).toBeNull();
    expect(readSigningKey("  ")).toBeNull();
    expect(() => readSigningKey(Buffer.alloc(16).toString("base64"))).toThrow(/32 random bytes/);
    expect(() => readSigningKey("not base64!")).toThrow(/32 random bytes/);
  });
});
