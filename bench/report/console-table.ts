import type { ReportRow } from "./row.ts";

const COLUMNS = ["figure", "ours", "baseline", "ratio", "goal", "status"] as const;
const HEADERS: Record<(typeof COLUMNS)[number], string> = {
  figure: "Figure",
  ours: "Ours",
  baseline: "Baseline",
  ratio: "Ratio",
  goal: "Goal",
  status: "",
};

/** A plain-text table, one block per section, columns padded to their widest cell. */
export function renderConsoleTable(rows: readonly ReportRow[]): string {
  const width = (column: (typeof COLUMNS)[number]) =>
    Math.max(HEADERS[column].length, ...rows.map((row) => row[column].length));
  const widths = COLUMNS.map(width);
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join("  ")
      .trimEnd();
  const out: string[] = [line(COLUMNS.map((column) => HEADERS[column]))];
  let section = "";
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      out.push("", `── ${section}`);
    }
    out.push(line(COLUMNS.map((column) => (column === "status" ? statusLabel(row) : row[column]))));
  }
  return out.join("\n");
}

function statusLabel(row: ReportRow): string {
  return row.status === "info" ? "" : row.status;
}
