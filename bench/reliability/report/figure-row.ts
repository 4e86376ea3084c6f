/** @module One line of the reliability summary, its number formats, and a section's rows. */
import type { Outcome } from "../../results.ts";

/** One line of the summary: what, the figure, the goal, and whether it is met. */
export type FigureRow = { figure: string; value: string; goal: string; met: boolean | null };

export const n = (value: number) => Math.round(value).toLocaleString("en-US");
export const ms = (value: number) =>
  Number.isFinite(value) ? `${value.toFixed(value < 10 ? 2 : 0)} ms` : "never";
export const mb = (value: number) => `${value.toFixed(0)} MB`;

/** A section's rows: none when it did not run, "not measured" (a failure) when it threw. */
export function sectionRows<T>(
  label: string,
  outcome: Outcome<T> | undefined,
  rows: (value: T) => FigureRow[],
): FigureRow[] {
  if (!outcome) return [];
  if (!outcome.ok)
    return [
      {
        figure: label,
        value: `not measured: ${outcome.error.split("\n")[0]}`,
        goal: "",
        met: false,
      },
    ];
  return rows(outcome.value);
}
