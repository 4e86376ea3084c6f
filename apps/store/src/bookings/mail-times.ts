/**
 * @module Times as a mail reads them: in the reader's IANA zone, with the zone named (its IANA
 * name and the abbreviation it shows then), so a mail read anywhere says one unambiguous time
 * (docs/bookings.md, "Mails and reminders"). luxon does the zone arithmetic.
 */

import type * as Luxon from "luxon";
import type { DateTime } from "luxon";
import { requireOnFirstUse } from "../platform/load-on-first-use.ts";

/** Loaded with the first mail that names a time, not at start (docs/benchmarks.md, idle memory). */
const luxon = requireOnFirstUse<typeof Luxon>("luxon");

const DAY_FORMAT = "cccc d LLLL yyyy";

function at(ms: number, zone: string): DateTime {
  return luxon().DateTime.fromMillis(ms, { zone }).setLocale("en-GB");
}

/** `Monday 30 March 2026, 09:00–09:30 (Europe/Berlin, CEST)`. */
export function spanInZone(start: number, end: number, zone: string): string {
  const from = at(start, zone);
  const to = at(end, zone);
  const sameDay = from.hasSame(to, "day");
  const until = sameDay ? to.toFormat("HH:mm") : to.toFormat(`${DAY_FORMAT}, HH:mm`);
  return `${from.toFormat(`${DAY_FORMAT}, HH:mm`)}–${until} (${zone}, ${from.offsetNameShort})`;
}

/** `24 hours`, `1 hour`, `30 minutes`, `2 days`: how long before a meeting a reminder goes. */
export function offsetWords(minutes: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? "" : "s"}`;
  if (minutes % 1440 === 0 && minutes >= 2880) return plural(minutes / 1440, "day");
  if (minutes % 60 === 0) return plural(minutes / 60, "hour");
  return plural(minutes, "minute");
}
