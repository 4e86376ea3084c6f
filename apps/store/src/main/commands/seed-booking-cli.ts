/**
 * @module `npm run store -- seed-booking`: adds the sample introductory call to a store that has
 * never had it (bookings/seed-booking.ts). The store's first start runs it as a process of its
 * own (runSeedBookingApart), so what checking the sample's time zone loads (luxon, ICU's zone
 * data) leaves with that process instead of staying in the one that serves
 * (docs/benchmarks.md, idle memory).
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { seedBooking } from "../../bookings/index.ts";
import { readEnvConfig } from "../../platform/config.ts";
import { withStoreDb } from "../../platform/db/open.ts";

const SEED_BOOKING_ADDED = "store: added the sample introductory call to booking";

/** Runs the command in this process; returns the exit code. */
export function runSeedBookingCli(
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
): number {
  try {
    const config = readEnvConfig(env, process.cwd());
    if (withStoreDb(config, (db) => seedBooking(db, { now: Date.now }))) out(SEED_BOOKING_ADDED);
    return 0;
  } catch (error) {
    err(`seed-booking: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

/**
 * Runs the command in a child node (this process's node flags, the same environment and working
 * folder) and waits for it; its lines go to this process's output. Throws when it fails.
 */
export function runSeedBookingApart(): void {
  // The built store runs dist/index.js beside dist/cli.js; the sources, index.ts beside cli.ts.
  const cliEntry = fileURLToPath(
    new URL(import.meta.url.endsWith(".ts") ? "../cli.ts" : "./cli.js", import.meta.url),
  );
  const child = spawnSync(process.execPath, [...process.execArgv, cliEntry, "seed-booking"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (child.error !== undefined) throw child.error;
  if (child.status !== 0)
    throw new Error(`adding the sample booking failed (exit ${child.status})`);
}
