/** @module Every section's outcome of a reliability run, as run.ts keeps them in `docs/reliability.json`. */
import type { MachineInfo, Outcome } from "../../results.ts";
import type { AuditFigures } from "../audit.ts";
import type { BackupFigures } from "../backup/measure-backup.ts";
import type { ReliabilityConfig, ReliabilitySection } from "../config.ts";
import type { CrashResult } from "../crash/crash-harness.ts";
import type { SyncCost } from "../crash/sync-cost.ts";
import type { FuzzResult } from "../fuzz/run-fuzz.ts";
import type { ReliabilityLoadFigures } from "../load/run-reliability-load.ts";
import type { MatrixSummary } from "../permissions/matrix-table.ts";
import type { StartFigures } from "../start/measure-start.ts";

export type ReliabilityResults = {
  /** The shape of the figures (run.ts, RESULTS_FORMAT); absent in the first runs. */
  format?: number;
  startedAt: string;
  durationSeconds: number;
  config: ReliabilityConfig;
  machine: MachineInfo;
  permissions?: Outcome<MatrixSummary>;
  fuzz?: Outcome<FuzzResult>;
  crash?: Outcome<CrashResult>;
  sync?: Outcome<SyncCost>;
  backup?: Outcome<BackupFigures>;
  load?: Outcome<ReliabilityLoadFigures>;
  start?: Outcome<StartFigures>;
  audit?: Outcome<AuditFigures>;
  /** Sections not run this time, kept from an earlier run: when that run started. */
  earlier?: Partial<Record<ReliabilitySection, string>>;
};
