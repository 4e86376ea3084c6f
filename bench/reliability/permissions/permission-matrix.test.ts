import { beforeAll, expect, test } from "vitest";
import { type MatrixResult, runPermissionMatrix } from "./permission-matrix.ts";

let result: MatrixResult;

beforeAll(async () => {
  result = await runPermissionMatrix();
}, 300_000);

const describeCell = (cell: MatrixResult["cells"][number]) =>
  `${cell.prefix}${cell.row} as ${cell.caller} under "${cell.setting}": ${cell.status}`;

test("no caller reads, writes or sees what the collection's permissions refuse it", () => {
  expect(result.cells.length).toBeGreaterThan(1000);
  expect(result.cells.filter((cell) => cell.unauthorized).map(describeCell)).toEqual([]);
});

test("every call the permissions allow succeeds", () => {
  expect(result.cells.filter((cell) => cell.wronglyRefused).map(describeCell)).toEqual([]);
});
