import { beforeAll, describe, expect, test } from "vitest";
import { ENGINE_LABELS, enginesFor, readPostgresUrl, withEngine } from "../lib/engine.ts";
import { type MatrixResult, runPermissionMatrix } from "./permission-matrix.ts";

const serverUrl = readPostgresUrl(process.env);

const describeCell = (cell: MatrixResult["cells"][number]) =>
  `${cell.prefix}${cell.row} as ${cell.caller} under "${cell.setting}": ${cell.status}`;

describe.each(enginesFor(serverUrl))("on %s", (name) => {
  let result: MatrixResult;

  beforeAll(async () => {
    // Every route × 12 callers × 8 settings, a fresh database each: minutes on a shared machine.
    result = await withEngine(name, serverUrl, (engine) => runPermissionMatrix({ engine }));
  }, 2_400_000);

  test(`no caller reads, writes or sees what the collection's permissions refuse it (${ENGINE_LABELS[name]})`, () => {
    expect(result.cells.length).toBeGreaterThan(1000);
    expect(result.cells.filter((cell) => cell.unauthorized).map(describeCell)).toEqual([]);
  });

  test("every call the permissions allow succeeds", () => {
    expect(result.cells.filter((cell) => cell.wronglyRefused).map(describeCell)).toEqual([]);
  });
});
