/**
 * @module The permission matrix as Markdown: one line per route, one column per kind of caller;
 * a cell lists the permission settings under which the store answered 2xx.
 */
import type { CallerKind } from "../lib/callers.ts";
import type { MatrixResult, PermissionSetting } from "./permission-matrix.ts";

const escapeCell = (text: string) => text.replaceAll("|", "\\|");

/** `✓` granted under every setting it ran under, `—` under none, else the settings' letters. */
export function renderMatrixTable(
  result: MatrixResult,
  callers: readonly CallerKind[],
  settings: readonly PermissionSetting[],
): string {
  const rows = [...new Set(result.cells.map((cell) => cell.row))];
  const header = `| Route | ${callers.map((caller) => escapeCell(caller.name)).join(" | ")} |`;
  const lines = [header, `|---|${callers.map(() => "---").join("|")}|`];
  for (const row of rows) {
    // Sign-in and account rows run under one setting only (they do not depend on it).
    const ran = settings.filter((setting) =>
      result.cells.some((cell) => cell.row === row && cell.setting === setting.name),
    );
    const cells = callers.map((caller) => {
      if (caller.headers === undefined) return "pending";
      const granted = ran.filter((setting) =>
        result.cells.some(
          (cell) =>
            cell.row === row &&
            cell.caller === caller.name &&
            cell.setting === setting.name &&
            cell.granted,
        ),
      );
      if (granted.length === ran.length) return "✓";
      if (granted.length === 0) return "—";
      return granted.map((setting) => setting.short).join(" ");
    });
    lines.push(`| ${escapeCell(row)} | ${cells.join(" | ")} |`);
  }
  const legend = settings.map((setting) => `**${setting.short}** = ${setting.name}`).join("; ");
  return `${lines.join("\n")}\n\nSettings of the collection's permissions: ${legend}.`;
}

export type MatrixSummary = {
  cells: number;
  unauthorized: number;
  wronglyRefused: number;
  /** The Markdown table (renderMatrixTable). */
  table: string;
  pendingCallers: MatrixResult["pendingCallers"];
};

/** What the report keeps of a matrix run: counts and the table, not every cell. */
export function summarizeMatrix(
  result: MatrixResult,
  callers: readonly CallerKind[],
  settings: readonly PermissionSetting[],
): MatrixSummary {
  return {
    cells: result.cells.length,
    unauthorized: result.cells.filter((cell) => cell.unauthorized).length,
    wronglyRefused: result.cells.filter((cell) => cell.wronglyRefused).length,
    table: renderMatrixTable(result, callers, settings),
    pendingCallers: result.pendingCallers,
  };
}
