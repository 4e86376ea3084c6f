/**
 * @module `npm run store -- key rotate`: replaces the API key in DATA_DIR's database (also while
 * the store runs: the store reads the key's hash on every call) and prints the new key once.
 */

import { createApiKeys } from "../../data/index.ts";
import { createAuditLog } from "../../identity/index.ts";
import { readEnvConfig } from "../../platform/config.ts";
import { createAccessStore } from "../../platform/db/access-store.ts";
import { withStoreDb } from "../../platform/db/open.ts";

const USAGE = `Usage: npm run store -- key rotate

Replaces the store's API key (the old one stops working at once) and prints the new one.
Only its hash is kept, so this is the one time it is shown. Uses DATA_DIR (default ./data).`;

/** The lines that show a key: the key alone on its own line, so it is easy to copy. */
export function apiKeyNotice(key: string, event: "created" | "rotated"): string {
  return [
    `store: ${event === "created" ? "created" : "replaced"} the API key for elevated calls. It is shown only this once; keep it secret:`,
    key,
    "store: send it as `Authorization: <key>`. To replace it: npm run store -- key rotate",
  ].join("\n");
}

/** Runs a key sub-command; returns the process exit code. */
export function runKeyCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): number {
  if (args.length !== 1 || args[0] !== "rotate") {
    err(USAGE);
    return args[0] === "help" || args[0] === "--help" ? 0 : 2;
  }
  try {
    const config = readEnvConfig(env, process.cwd());
    const key = withStoreDb(config, (db) => {
      const rotated = createApiKeys(createAccessStore(db)).rotate();
      createAuditLog(db, Date.now).record({ actorKind: "command", action: "api-key.rotate" });
      return rotated;
    });
    out(apiKeyNotice(key, "rotated"));
    return 0;
  } catch (error) {
    err(`key: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
