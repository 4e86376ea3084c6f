/**
 * @module The beacon's flood gate (docs/analytics.md, "Hostile beacons"): beacons per client
 * address (IPv6 by its /64) per minute, counted in memory when the request arrives, before its
 * body is read or anything is parsed or stored. An address past the limit is turned away alone;
 * the others go on. Two windows (this minute's, the last's) bound what is kept, and past
 * `maxAddresses` a new window starts early, so a flood of addresses cannot fill the memory.
 */
import { clientKey } from "../platform/limits/client-key.ts";

export const BEACONS_PER_MINUTE = 120;
const MAX_ADDRESSES = 100_000;
const MINUTE = 60_000;

export type FloodGate = { admit(ip: string): boolean };

export function createFloodGate(
  now: () => number,
  perMinute = BEACONS_PER_MINUTE,
  maxAddresses = MAX_ADDRESSES,
): FloodGate {
  let windowStart = 0;
  let counts = new Map<string, number>();
  return {
    admit(ip) {
      const at = now();
      if (at - windowStart >= MINUTE || counts.size >= maxAddresses) {
        windowStart = at;
        counts = new Map();
      }
      const key = clientKey(ip);
      const seen = (counts.get(key) ?? 0) + 1;
      counts.set(key, seen);
      return seen <= perMinute;
    },
  };
}
