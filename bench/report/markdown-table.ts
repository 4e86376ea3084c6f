import type { ReportRow } from "./row.ts";

const escapeCell = (text: string) => text.replaceAll("|", "\\|");

/** The rows as one GitHub-flavoured Markdown table, with the section in bold on its first row. */
export function renderMarkdownTable(rows: readonly ReportRow[]): string {
  const lines = [
    "| Figure | Ours | Baseline | Ratio | Goal | Status |",
    "|---|---|---|---|---|---|",
  ];
  let section = "";
  for (const row of rows) {
    if (row.section !== section) {
      section = row.section;
      lines.push(`| **${escapeCell(section)}** | | | | | |`);
    }
    const status =
      row.status === "info" ? "" : row.status === "pass" ? "pass" : `**${row.status}**`;
    const figure = row.figure.trim();
    const indent = "&nbsp;&nbsp;".repeat((row.figure.length - row.figure.trimStart().length) / 2);
    const cells = [figure, row.ours, row.baseline, row.ratio, row.goal, status].map(escapeCell);
    lines.push(`| ${indent}${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}
