import { describe, expect, it } from "vitest";
import { renderMarkdownTable } from "./markdown-table.ts";
import type { ReportRow } from "./row.ts";

const ROW: ReportRow = {
  section: "TTFB",
  figure: "Median",
  ours: "0.52 ms",
  baseline: "static file 0.40 ms",
  ratio: "1.30×",
  goal: "≤ 2× static",
  status: "FAIL",
};

describe("renderMarkdownTable", () => {
  it("writes a section header row before the section's figures", () => {
    const lines = renderMarkdownTable([ROW]).split("\n");
    expect(lines[2]).toBe("| **TTFB** | | | | | |");
  });

  it("writes a figure with every column and a bold failure", () => {
    const lines = renderMarkdownTable([ROW]).split("\n");
    expect(lines[3]).toBe(
      "| Median | 0.52 ms | static file 0.40 ms | 1.30× | ≤ 2× static | **FAIL** |",
    );
  });

  it("escapes pipes inside cells", () => {
    const lines = renderMarkdownTable([{ ...ROW, ours: "a|b" }]).split("\n");
    expect(lines[3]).toContain("a\\|b");
  });
});
