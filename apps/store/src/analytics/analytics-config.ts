/** @module The analytics wing's setting from the environment (docs/analytics.md, "Hostile beacons"). */
import { BEACONS_PER_MINUTE } from "./flood-gate.ts";

/**
 * ANALYTICS_BEACONS_PER_MINUTE: beacons one client address may send in a minute; 120 when
 * unset, 1 to 1,000,000 (the end-to-end suite sends all its browsers' from one address).
 * @throws Error with a one-line message for anything else.
 */
export function readBeaconsPerMinute(value: string | undefined): { perMinute: number } {
  const text = value?.trim() ?? "";
  if (text === "") return { perMinute: BEACONS_PER_MINUTE };
  const count = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(count >= 1 && count <= 1_000_000)) {
    throw new Error(
      `ANALYTICS_BEACONS_PER_MINUTE must be a whole number from 1 to 1000000, got "${value}"`,
    );
  }
  return { perMinute: count };
}
