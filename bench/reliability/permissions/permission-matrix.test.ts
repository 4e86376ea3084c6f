import { beforeAll, describe, expect, test } from "vitest";
import { CALLER_KINDS } from "../lib/callers.ts";
import { ENGINE_LABELS, enginesFor, readPostgresUrl, withEngine } from "../lib/engine.ts";
import {
  FULL_MATRIX,
  type MatrixResult,
  type MatrixSample,
  matrixCases,
  PERMISSION_SETTINGS,
  runPermissionMatrix,
} from "./permission-matrix.ts";

const serverUrl = readPostgresUrl(process.env);

/**
 * `npm test` runs a covering sample of the matrix on each engine (permission-matrix.ts,
 * MatrixSample): every route × every caller, every caller × every setting, every route × every
 * setting, about an eighth of the cells. Which eighth turns by the day (MATRIX_OFFSET picks one;
 * a failure names the one it ran), so a week of runs tries every cell. `MATRIX_FULL=1`, and
 * `npm run bench:reliability`, run every cell.
 */
function sampleFor(env: NodeJS.ProcessEnv): MatrixSample {
  if (env.MATRIX_FULL === "1") return FULL_MATRIX;
  const day = Math.floor(Date.now() / 86_400_000);
  const chosen = Number(env.MATRIX_OFFSET ?? day);
  if (!Number.isSafeInteger(chosen)) throw new Error("MATRIX_OFFSET must be an integer");
  const count = PERMISSION_SETTINGS.length;
  return { kind: "covering", offset: ((chosen % count) + count) % count };
}

const sample = sampleFor(process.env);
const replay = sample.kind === "full" ? "MATRIX_FULL=1" : `MATRIX_OFFSET=${sample.offset}`;

const describeCell = (cell: MatrixResult["cells"][number]) =>
  `${cell.prefix}${cell.row} as ${cell.caller} under "${cell.setting}": ${cell.status}${cell.revealed === undefined ? "" : `, showed ${cell.revealed}`} (${replay})`;

/** A route as a cell names it: items routes with their prefix, the others without. */
const routeOf = (prefix: string, row: string) => `${prefix}|${row}`;

describe.each(enginesFor(serverUrl))("on %s", (name) => {
  let result: MatrixResult;

  beforeAll(async () => {
    // A store per setting × caller, a fresh database each: minutes on a shared machine.
    result = await withEngine(name, serverUrl, (engine) => runPermissionMatrix({ engine, sample }));
  }, 2_400_000);

  test(`no caller reads, writes or sees what the collection's permissions refuse it (${ENGINE_LABELS[name]})`, () => {
    expect(result.cells.length).toBeGreaterThan(1000);
    expect(result.cells.filter((cell) => cell.unauthorized).map(describeCell)).toEqual([]);
  });

  test("every call the permissions allow succeeds", () => {
    expect(result.cells.filter((cell) => cell.wronglyRefused).map(describeCell)).toEqual([]);
  });

  test("every route meets every caller, and every caller and every route every setting", () => {
    const routes = new Set(
      matrixCases().map(({ row, prefix }) => routeOf(row.items ? prefix : "", row.name)),
    );
    const pairs = (of: (cell: MatrixResult["cells"][number]) => string) =>
      new Set(result.cells.map(of));
    const missing = (want: string[], have: Set<string>) => want.filter((key) => !have.has(key));
    const callers = CALLER_KINDS.map((caller) => caller.name);
    const settings = PERMISSION_SETTINGS.map((setting) => setting.name);
    const cross = (as: Iterable<string>, bs: string[]) =>
      [...as].flatMap((a) => bs.map((b) => `${a} × ${b}`));
    expect(
      missing(
        cross(routes, callers),
        pairs((cell) => `${routeOf(cell.prefix, cell.row)} × ${cell.caller}`),
      ),
    ).toEqual([]);
    expect(
      missing(
        cross(callers, settings),
        pairs((cell) => `${cell.caller} × ${cell.setting}`),
      ),
    ).toEqual([]);
    // Rows tried once per caller run under the first setting only, in the full matrix too.
    const everySetting = [...routes].filter((route) =>
      matrixCases().some(
        ({ row, prefix }) =>
          routeOf(row.items ? prefix : "", row.name) === route && !row.oncePerCaller,
      ),
    );
    expect(
      missing(
        cross(everySetting, settings),
        pairs((cell) => `${routeOf(cell.prefix, cell.row)} × ${cell.setting}`),
      ),
    ).toEqual([]);
  });
});
