/**
 * @module The shape every `npm run store -- <thing> prune` command shares: one argument, the
 * store's configuration from the environment, the database opened for the work, one line out,
 * exit 2 for bad usage and 1 for a failure.
 */
import { type EnvConfig, readEnvConfig } from "./config.ts";
import { withStoreDb } from "./db/open.ts";
import type { Db } from "./db/sql-db.ts";

export type PruneCommand = {
  usage: string;
  /** Does the pruning and returns the line to print. */
  prune: (db: Db, config: EnvConfig) => string;
};

export function runPruneCommand(
  command: PruneCommand,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  out: (line: string) => void,
  err: (line: string) => void,
): number {
  if (args.length !== 1 || args[0] !== "prune") {
    err(command.usage);
    return 2;
  }
  try {
    const config = readEnvConfig(env, process.cwd());
    out(withStoreDb(config, (db) => command.prune(db, config)));
    return 0;
  } catch (error) {
    err(`store: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
