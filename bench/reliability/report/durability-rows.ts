/** @module The crash harness's and the durability setting's figures. */
import { type CrashResult, lostWrites } from "../crash/crash-harness.ts";
import type { SyncCost } from "../crash/sync-cost.ts";
import { type FigureRow, n } from "./figure-row.ts";

/** Acknowledged writes lost over the kills, half-written calls, integrity failures. */
export function crashRows(c: CrashResult): FigureRow[] {
  const { lost, acknowledged } = lostWrites(c);
  return [
    {
      figure: `Crash durability: acknowledged writes lost over ${c.kills} kill -9`,
      value: `${lost} of ${n(acknowledged)} (single ${n(c.writes.single.acknowledged)}, bulk calls ${n(c.writes.bulk.acknowledged)}, editor saves ${n(c.writes.editor.acknowledged)}, member sign-ups and sign-ins ${n(c.writes.member.acknowledged)}; ${n(c.cutInFlight)} cut in flight)`,
      goal: "0",
      met: lost === 0,
    },
    {
      figure: "  half-written bulk calls / item versions",
      value: `${c.partialBulk} / ${c.partialVersions}`,
      goal: "0 / 0",
      met: c.partialBulk === 0 && c.partialVersions === 0,
    },
    {
      figure: "  integrity_check failures after a kill",
      value: String(c.integrityFailures),
      goal: "0",
      met: c.integrityFailures === 0,
    },
  ];
}

/** What synchronous=FULL would cost against NORMAL, stated. */
export function syncRows(cost: SyncCost): FigureRow[] {
  return [
    {
      figure:
        "Durability setting: journal_mode=WAL, synchronous=NORMAL; single writes/s NORMAL vs FULL",
      value: `${n(cost.normalWritesPerSecond)} vs ${n(cost.fullWritesPerSecond)} (FULL costs ${(cost.normalWritesPerSecond / cost.fullWritesPerSecond).toFixed(1)}x)`,
      goal: "stated",
      met: null,
    },
  ];
}
