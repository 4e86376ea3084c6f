/** @module The operator's figures: backups, the production start, npm audit. */
import type { AuditFigures } from "../audit.ts";
import type { BackupFigures } from "../backup/measure-backup.ts";
import type { StartFigures } from "../start/measure-start.ts";
import { type FigureRow, mb, ms, n } from "./figure-row.ts";

/** Idle memory and start time aimed at on a small server. */
export const START_GOALS = { idleRssMb: 64, startMs: 500 };

/** A backup while writing, a restore, a corrupt file refused. */
export function backupRows(b: BackupFigures): FigureRow[] {
  return [
    {
      figure: `Online backup of ${n(b.items)} items (${b.databaseMb.toFixed(1)} MB) while writing`,
      value: `${ms(b.backupMs)}; ${b.writesDuringBackup} writes meanwhile, ${b.failedWrites} failed`,
      goal: "0 failed",
      met: b.failedWrites === 0,
    },
    {
      figure: "  restore into the serving store / corrupt file refused, data unchanged",
      value: `${ms(b.restoreMs)}, served: ${b.restoredContentServed ? "yes" : "no"} / ${b.corruptRefused ? "yes" : "no"}`,
      goal: "yes / yes",
      met: b.restoredContentServed && b.corruptRefused,
    },
  ];
}

/** Start to first answer and idle memory of the production start. */
export function startRows(s: StartFigures): FigureRow[] {
  return [
    {
      figure: `Production start (\`${s.command}\`): start to first answer (median of ${s.runs})`,
      value: ms(s.startToFirstAnswerMs),
      goal: `≤ ${START_GOALS.startMs} ms`,
      met: s.startToFirstAnswerMs <= START_GOALS.startMs,
    },
    {
      figure: "  idle RSS",
      value: mb(s.idleRssMb),
      goal: `≤ ${START_GOALS.idleRssMb} MB`,
      met: s.idleRssMb <= START_GOALS.idleRssMb,
    },
    {
      figure: "  of which private / node's executable and libraries (file pages, shared)",
      value: `${mb(s.idleMemoryMb.anonymous)} / ${mb(s.idleMemoryMb.fileBacked)}`,
      goal: "stated",
      met: null,
    },
  ];
}

/** High and critical findings of npm audit, or why it could not run. */
export function auditRows(audit: AuditFigures): FigureRow[] {
  if (!audit.ok)
    return [
      {
        figure: "npm audit --omit=dev",
        value: `not measured: ${audit.reason}`,
        goal: "0 high, 0 critical",
        met: null,
      },
    ];
  const counts = audit.counts;
  const bad = (counts.high ?? 0) + (counts.critical ?? 0);
  return [
    {
      figure: "npm audit --omit=dev: high / critical findings",
      value: `${counts.high ?? 0} / ${counts.critical ?? 0} (all: ${counts.total ?? "?"})`,
      goal: "0 / 0",
      met: bad === 0,
    },
  ];
}
