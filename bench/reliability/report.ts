/**
 * @module The reliability figures as console lines and as `docs/reliability.md`: one row builder
 * per section in `report/`, the document in `report/reliability-doc.ts`.
 */
import { fuzzRows, permissionRows } from "./report/attack-rows.ts";
import { crashRows, syncRows } from "./report/durability-rows.ts";
import { type FigureRow, sectionRows } from "./report/figure-row.ts";
import { loadRows } from "./report/load-rows.ts";
import { auditRows, backupRows, startRows } from "./report/operations-rows.ts";
import type { ReliabilityResults } from "./report/reliability-results.ts";

/** Every section's rows, in the summary's order. */
export function figureRows(results: ReliabilityResults): FigureRow[] {
  return [
    ...sectionRows("Crash durability", results.crash, crashRows),
    ...sectionRows("Durability setting cost", results.sync, syncRows),
    ...sectionRows("Fuzzing", results.fuzz, fuzzRows),
    ...sectionRows("Permission matrix", results.permissions, permissionRows),
    ...sectionRows("Load", results.load, loadRows),
    ...sectionRows("Backups", results.backup, backupRows),
    ...sectionRows("Production start", results.start, startRows),
    ...sectionRows("npm audit --omit=dev", results.audit, auditRows),
  ];
}

export function renderConsoleSummary(rows: readonly FigureRow[]): string {
  return rows
    .map(
      (row) =>
        `${row.met === false ? "FAIL" : row.met ? "ok  " : "    "} ${row.figure}: ${row.value}${row.goal ? ` (goal ${row.goal})` : ""}`,
    )
    .join("\n");
}
