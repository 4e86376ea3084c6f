import { beforeAll, describe, expect, test } from "vitest";
import { ENGINE_LABELS, enginesFor, readPostgresUrl, withEngine } from "../lib/engine.ts";
import {
  type MatrixResult,
  PERMISSION_SETTINGS,
  type PermissionSetting,
  runPermissionMatrix,
} from "./permission-matrix.ts";

const serverUrl = readPostgresUrl(process.env);

/**
 * `npm test` runs the whole matrix on SQLite and, on PostgreSQL, the settings whose permission
 * filters differ in kind (default, members, authors, members-only references): the rest repeat
 * the same compiled filters with other roles. `MATRIX_FULL=1` (and `npm run bench:reliability`)
 * runs every setting on both.
 */
const QUICK_POSTGRES_SETTINGS = new Set(["D", "M", "W", "R"]);

function settingsFor(name: string): PermissionSetting[] {
  if (name === "sqlite" || process.env.MATRIX_FULL === "1") return PERMISSION_SETTINGS;
  return PERMISSION_SETTINGS.filter((setting) => QUICK_POSTGRES_SETTINGS.has(setting.short));
}

const describeCell = (cell: MatrixResult["cells"][number]) =>
  `${cell.prefix}${cell.row} as ${cell.caller} under "${cell.setting}": ${cell.status}${cell.revealed === undefined ? "" : `, showed ${cell.revealed}`}`;

describe.each(enginesFor(serverUrl))("on %s", (name) => {
  let result: MatrixResult;

  beforeAll(async () => {
    // Every route × 12 callers × the settings, a fresh database each: minutes on a shared machine.
    const settings = settingsFor(name);
    result = await withEngine(name, serverUrl, (engine) =>
      runPermissionMatrix({ engine, settings }),
    );
  }, 2_400_000);

  test(`no caller reads, writes or sees what the collection's permissions refuse it (${ENGINE_LABELS[name]})`, () => {
    expect(result.cells.length).toBeGreaterThan(1000);
    expect(result.cells.filter((cell) => cell.unauthorized).map(describeCell)).toEqual([]);
  });

  test("every call the permissions allow succeeds", () => {
    expect(result.cells.filter((cell) => cell.wronglyRefused).map(describeCell)).toEqual([]);
  });
});
