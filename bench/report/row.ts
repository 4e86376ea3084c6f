export type Status = "pass" | "FAIL" | "info" | "error";

/** One line of the result table: a figure beside its baseline, the ratio and the goal. */
export interface ReportRow {
  section: string;
  figure: string;
  ours: string;
  baseline: string;
  ratio: string;
  goal: string;
  status: Status;
}

export function check(passed: boolean): Status {
  return passed ? "pass" : "FAIL";
}

export function errorRow(section: string, error: string): ReportRow {
  return {
    section,
    figure: "(section failed)",
    ours: error.split("\n")[0] ?? error,
    baseline: "",
    ratio: "",
    goal: "",
    status: "error",
  };
}
