/**
 * @module The content version a CDN purge was last sent for (meta `purged_version`, migration
 * 0570): raising it is the claim to send the purge, so one node of many sends each.
 */
import type { Db } from "./sql-db.ts";

export function createPurgeClaims(db: Db): (version: number) => boolean {
  const raise = db.prepare<[number, number]>(
    "UPDATE meta SET value = ? WHERE key = 'purged_version' AND value < ?",
  );
  return (version) => raise.run(version, version).changes > 0;
}
