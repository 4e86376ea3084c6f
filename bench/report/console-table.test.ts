import { describe, expect, it } from "vitest";
import { renderConsoleTable } from "./console-table.ts";
import type { ReportRow } from "./row.ts";

const ROW: ReportRow = {
  section: "Page weight",
  figure: "CSS (gz)",
  ours: "6.1 KB",
  baseline: "bare 0.0 KB",
  ratio: "",
  goal: "≤ 15.0 KB",
  status: "pass",
};

describe("renderConsoleTable", () => {
  it("prints each section's name once above its rows", () => {
    const text = renderConsoleTable([ROW, { ...ROW, figure: "HTML", status: "info" }]);
    expect(text.match(/── Page weight/g)).toHaveLength(1);
  });

  it("shows a failing goal as FAIL on the figure's line", () => {
    const text = renderConsoleTable([{ ...ROW, status: "FAIL" }]);
    expect(text.split("\n").find((line) => line.startsWith("CSS (gz)"))).toMatch(/FAIL$/);
  });
});
