/**
 * @module The growth figures of the two engines side by side: PostgreSQL's indexed median beside
 * SQLite's for each size and query, and how each grows from 100k to 1M items (or between the
 * nearest sizes both measured).
 */
import type { GrowthResult, GrowthRow } from "../growth.ts";
import { ms, ratio, ratioOf } from "./format.ts";
import type { ReportRow } from "./row.ts";

const SECTION = "Growth: PostgreSQL beside SQLite (indexed median through the store's app)";
const FROM_SIZE = 100_000;

const sizeText = (size: number) => size.toLocaleString("en-US");

function find(result: GrowthResult, size: number, query: string): GrowthRow | undefined {
  return result.rows.find((row) => row.size === size && row.query === query);
}

/** The sizes both engines measured, ascending. */
function commonSizes(sqlite: GrowthResult, pg: GrowthResult): number[] {
  const pgSizes = new Set(pg.rows.map((row) => row.size));
  return [...new Set(sqlite.rows.map((row) => row.size))]
    .filter((size) => pgSizes.has(size))
    .sort((a, b) => a - b);
}

/** The growth ratio's two sizes: 100k and the largest, else the smallest and the largest. */
export function growthSpan(sizes: readonly number[]): [number, number] | undefined {
  const largest = sizes.at(-1);
  if (largest === undefined) return undefined;
  const from = sizes.includes(FROM_SIZE) && FROM_SIZE < largest ? FROM_SIZE : sizes[0];
  return from === undefined || from === largest ? undefined : [from, largest];
}

export function growthEngineRows(sqlite: GrowthResult, pg: GrowthResult): ReportRow[] {
  const sizes = commonSizes(sqlite, pg);
  const queries = [...new Set(sqlite.rows.map((row) => row.query))];
  const medians = sizes.flatMap((size) =>
    queries.flatMap((query): ReportRow[] => {
      const s = find(sqlite, size, query);
      const p = find(pg, size, query);
      if (!s || !p) return [];
      return [
        {
          section: SECTION,
          figure: `${sizeText(size)} items, ${query}`,
          ours: `PostgreSQL ${ms(p.indexed.medianMs)}`,
          baseline: `SQLite ${ms(s.indexed.medianMs)}`,
          ratio: ratio(ratioOf(p.indexed.medianMs, s.indexed.medianMs)),
          goal: "",
          status: "info",
        },
      ];
    }),
  );
  const span = growthSpan(sizes);
  if (span === undefined) return medians;
  const [from, to] = span;
  const growth = queries.flatMap((query): ReportRow[] => {
    const grows = (result: GrowthResult) => {
      const first = find(result, from, query);
      const last = find(result, to, query);
      return first && last ? ratioOf(last.indexed.medianMs, first.indexed.medianMs) : Number.NaN;
    };
    return [
      {
        section: SECTION,
        figure: `${query}: cost growth ${sizeText(from)} → ${sizeText(to)} items (${to / from}× data)`,
        ours: `PostgreSQL ${ratio(grows(pg))}`,
        baseline: `SQLite ${ratio(grows(sqlite))}`,
        ratio: "",
        goal: "",
        status: "info",
      },
    ];
  });
  return [...medians, ...growth];
}
