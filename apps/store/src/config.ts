/** @module Process configuration from the environment (architecture.md, "Config"). */

import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const DEFAULT_SITE_DIR = fileURLToPath(new URL("../../site/dist/", import.meta.url));

export type EnvConfig = {
  port: number;
  host: string;
  /** Absolute; relative values are resolved from the working directory. */
  dataDir: string;
  clientId: string;
  siteDir: string;
};

/**
 * Reads PORT, HOST, DATA_DIR, CLIENT_ID and SITE_DIR with their defaults.
 * @throws Error with a one-line message when a value is invalid.
 */
export function readEnvConfig(env: NodeJS.ProcessEnv, cwd: string): EnvConfig {
  const portText = env.PORT?.trim() || "8080";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) {
    throw new Error(`PORT must be an integer from 0 to 65535, got "${env.PORT}"`);
  }
  const clientId = env.CLIENT_ID?.trim() || "local";
  return {
    port,
    host: env.HOST?.trim() || "0.0.0.0",
    dataDir: resolve(cwd, env.DATA_DIR?.trim() || "./data"),
    clientId,
    siteDir: env.SITE_DIR?.trim() ? resolve(cwd, env.SITE_DIR.trim()) : DEFAULT_SITE_DIR,
  };
}
