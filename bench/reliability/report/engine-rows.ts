/**
 * @module A section measured on each engine, as rows with the figures side by side: SQLite in
 * `value`, PostgreSQL in `postgres`; "not run" for an engine the run did not cover.
 */
import type { Outcome } from "../../results.ts";
import { ENGINE_NAMES, type EngineName } from "../lib/engine.ts";
import { type FigureRow, sectionRows } from "./figure-row.ts";

/** A section's outcome per engine; an engine left out did not run. */
export type PerEngine<T> = Partial<Record<EngineName, Outcome<T>>>;

export const NOT_RUN = "not run";

function combined(mets: (boolean | null)[]): boolean | null {
  if (mets.includes(false)) return false;
  return mets.includes(true) ? true : null;
}

/** The section's rows per engine, side by side; the figure's words from an engine that ran. */
export function engineSectionRows<T>(
  label: string,
  outcomes: PerEngine<T> | undefined,
  rows: (value: T) => FigureRow[],
): FigureRow[] {
  if (!outcomes) return [];
  const perEngine = new Map(
    ENGINE_NAMES.map((name) => {
      const outcome = outcomes[name];
      return [name, outcome === undefined ? undefined : sectionRows(label, outcome, rows)];
    }),
  );
  const ran = [...perEngine.values()].filter((list) => list !== undefined);
  const template = ran.reduce<FigureRow[]>(
    (longest, list) => (list.length > longest.length ? list : longest),
    [],
  );
  return template.map((row, index) => {
    const cells = ENGINE_NAMES.map((name) => {
      const list = perEngine.get(name);
      if (list === undefined) return { value: index === 0 ? NOT_RUN : "", met: null };
      const own = list.length === template.length ? list[index] : index === 0 ? list[0] : undefined;
      return { value: own?.value ?? "", met: own?.met ?? null };
    });
    const [sqlite, postgres] = cells;
    return {
      figure: row.figure,
      value: sqlite?.value ?? "",
      postgres: postgres?.value ?? "",
      goal: row.goal,
      met: combined(cells.map((cell) => cell.met)),
    };
  });
}
