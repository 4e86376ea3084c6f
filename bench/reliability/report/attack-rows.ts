/** @module The fuzzer's and the permission matrix's figures: what hostile or unauthorized calls got. */
import type { FuzzResult } from "../fuzz/run-fuzz.ts";
import type { MatrixSummary } from "../permissions/matrix-table.ts";
import { type FigureRow, n } from "./figure-row.ts";

/**
 * 5xx answers, content changed without credentials, members-only values leaked, the store alive
 * afterwards. A result kept from before the fuzzer read answers has no leak count.
 */
export function fuzzRows(
  f: Omit<FuzzResult, "visitorAnswers" | "membersOnlyLeaks"> & Partial<FuzzResult>,
): FigureRow[] {
  return [
    {
      figure: `Fuzzing: 5xx answers in ${n(f.requests)} hostile requests (seed ${f.seed})`,
      value: String(f.serverErrors),
      goal: "0",
      met: f.serverErrors === 0,
    },
    {
      figure: "  content changed by requests without credentials",
      value: `${f.contentChanges} of ${n(f.uncredentialed)}`,
      goal: "0",
      met: f.contentChanges === 0,
    },
    {
      figure: "  members-only values in answers to callers who may not read them",
      value:
        f.visitorAnswers === undefined
          ? "not measured in this run"
          : `${f.membersOnlyLeaks ?? 0} in ${n(f.visitorAnswers)} answers`,
      goal: "0",
      met: f.visitorAnswers === undefined ? null : f.membersOnlyLeaks === 0,
    },
    {
      figure: "  store serving afterwards",
      value: f.aliveAfter ? "yes" : "no",
      goal: "yes",
      met: f.aliveAfter,
    },
  ];
}

/** Unauthorized cells and permitted calls refused. */
export function permissionRows(summary: MatrixSummary): FigureRow[] {
  const { cells, unauthorized, wronglyRefused: refused } = summary;
  return [
    {
      figure: `Permission matrix: unauthorized reads or writes in ${n(cells)} cells`,
      value: String(unauthorized),
      goal: "0",
      met: unauthorized === 0,
    },
    {
      figure: "  permitted calls refused",
      value: String(refused),
      goal: "0",
      met: refused === 0,
    },
  ];
}
