/** @module Process configuration from the environment (architecture.md, "Config"). */

import { isIP } from "node:net";
import { resolve } from "node:path";
import { readConnectionsPerClient } from "./http/connections-per-client.ts";
import { type CorsOrigins, readCorsOrigins } from "./http/cors.ts";
import { readServerTimeouts, type ServerTimeouts } from "./http/server-timeouts.ts";
import { readSharedCache, type SharedCache } from "./http/shared-cache.ts";
import { DEFAULT_SITE_DIR } from "./store-paths.ts";

/** The token signing key's length (secrets/signing-key.ts, secrets/store-signing-key.ts). */
export const SIGNING_KEY_BYTES = 32;

export type EnvConfig = {
  port: number;
  host: string;
  /** Absolute; relative values are resolved from the working directory. */
  dataDir: string;
  clientId: string;
  siteDir: string;
  /** Fastify's `trustProxy`: which proxies' X-Forwarded-For names the client. */
  trustProxy: TrustProxy;
  /** Browser origins allowed to call the API (CORS_ORIGINS). */
  corsOrigins: CorsOrigins;
  /** REQUEST_TIMEOUT_SECONDS, HEADERS_TIMEOUT_SECONDS, KEEP_ALIVE_TIMEOUT_SECONDS, SOCKET_TIMEOUT_SECONDS. */
  timeouts: ServerTimeouts;
  /** CONNECTIONS_PER_CLIENT: open connections per client address (0: no cap). */
  connectionsPerClient: number;
  /** CDN_S_MAXAGE_SECONDS, CDN_STALE_WHILE_REVALIDATE_SECONDS; null when turned off. */
  sharedCache: SharedCache | null;
  /** CDN_PURGE_URL: told of every content change (page/purge-webhook.ts). */
  purgeUrl: string | null;
  /** DATABASE_URL: PostgreSQL instead of DATA_DIR's SQLite file; null for SQLite. */
  databaseUrl: string | null;
  /**
   * DATABASE_SYNCHRONOUS_COMMIT (PostgreSQL): whether a commit waits for the WAL to reach the
   * disk. Off by default, SQLite's guarantee (docs/deploy.md, "Durability").
   */
  databaseSynchronousCommit: boolean;
  /** SIGNING_KEY (PostgreSQL): the key every node signs with; null to keep it in the database. */
  signingKey: Uint8Array | null;
};

/** false, true (any proxy), a hop count, or addresses and CIDR ranges, comma-separated. */
export type TrustProxy = boolean | number | string;

// The names proxy-addr (Fastify's trustProxy) knows for ranges.
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function readPurgeUrl(value: string | undefined): string | null {
  const text = value?.trim() ?? "";
  if (text === "") return null;
  if (!URL.canParse(text) || !/^https?:$/.test(new URL(text).protocol)) {
    throw new Error(`CDN_PURGE_URL must be an http or https URL, got "${value}"`);
  }
  return text;
}

/** A postgres:// or postgresql:// URL, or null (SQLite). */
export function readDatabaseUrl(value: string | undefined): string | null {
  const text = value?.trim() ?? "";
  if (text === "") return null;
  if (!URL.canParse(text) || !/^postgres(ql)?:$/.test(new URL(text).protocol)) {
    throw new Error(
      "DATABASE_URL must be a PostgreSQL URL (postgres://user:password@host:5432/database), or unset for SQLite in DATA_DIR",
    );
  }
  return text;
}

function readSynchronousCommit(value: string | undefined): boolean {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "" || text === "off") return false;
  if (text === "on") return true;
  throw new Error(`DATABASE_SYNCHRONOUS_COMMIT must be on or off, got "${value}"`);
}

function readTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops === 0 ? false : hops;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return entries.join(",");
  throw new Error(
    `TRUST_PROXY must be true, a number of proxies, or addresses and CIDR ranges separated by commas, got "${value}"`,
  );
}

/**
 * Reads PORT, HOST, DATA_DIR, CLIENT_ID, SITE_DIR, TRUST_PROXY, CORS_ORIGINS and the server
 * timeouts, the shared-cache lifetimes, CDN_PURGE_URL, DATABASE_URL, DATABASE_SYNCHRONOUS_COMMIT
 * and SIGNING_KEY with their defaults.
 * @throws Error with a one-line message when a value is invalid.
 */
export function readEnvConfig(env: NodeJS.ProcessEnv, cwd: string): EnvConfig {
  const portText = env.PORT?.trim() || "8080";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${env.PORT}"`);
  }
  const clientId = env.CLIENT_ID?.trim() || "local";
  const trustProxy = readTrustProxy(env.TRUST_PROXY);
  return {
    port,
    host: env.HOST?.trim() || "0.0.0.0",
    dataDir: resolve(cwd, env.DATA_DIR?.trim() || "./data"),
    clientId,
    siteDir: env.SITE_DIR?.trim() ? resolve(cwd, env.SITE_DIR.trim()) : DEFAULT_SITE_DIR,
    trustProxy,
    corsOrigins: readCorsOrigins(env.CORS_ORIGINS),
    timeouts: readServerTimeouts(env),
    connectionsPerClient: readConnectionsPerClient(
      env.CONNECTIONS_PER_CLIENT,
      trustProxy !== false,
    ),
    sharedCache: readSharedCache(env),
    purgeUrl: readPurgeUrl(env.CDN_PURGE_URL),
    databaseUrl: readDatabaseUrl(env.DATABASE_URL),
    databaseSynchronousCommit: readSynchronousCommit(env.DATABASE_SYNCHRONOUS_COMMIT),
    signingKey: readSigningKey(env.SIGNING_KEY),
  };
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
