import { expect, test } from "vitest";
import type { CallerKind } from "../lib/callers.ts";
import { renderMatrixTable } from "./matrix-table.ts";
import type { MatrixCell, PermissionSetting } from "./permission-matrix.ts";

const settings: PermissionSetting[] = [
  {
    name: "open",
    short: "A",
    permissions: { read: "anyone", insert: "anyone", update: "anyone", remove: "anyone" },
  },
  {
    name: "closed",
    short: "O",
    permissions: { read: "admin", insert: "admin", update: "admin", remove: "admin" },
  },
];
const kind = (name: string, minted = true): CallerKind => ({
  name,
  ...(minted ? { headers: async () => ({}) } : { pending: "not yet" }),
  role: () => null,
  owner: () => false,
});
const cell = (caller: string, setting: string, granted: boolean): MatrixCell => ({
  row: "query",
  prefix: "/wix-data/v2",
  caller,
  setting,
  permitted: granted,
  status: granted ? 200 : 403,
  granted,
  unauthorized: false,
  wronglyRefused: false,
});

test("a cell shows ✓, — or the letters of the settings under which the caller got a 2xx", () => {
  const table = renderMatrixTable(
    {
      cells: [
        cell("admin", "open", true),
        cell("admin", "closed", true),
        cell("visitor", "open", true),
        cell("visitor", "closed", false),
        cell("nobody", "open", false),
        cell("nobody", "closed", false),
      ],
      pendingCallers: [],
    },
    [kind("admin"), kind("visitor"), kind("nobody")],
    settings,
  );
  expect(table).toContain("| query | ✓ | A | — |");
  expect(table).toContain("**A** = open; **O** = closed");
});

test("a caller the store cannot mint yet is a pending column", () => {
  const table = renderMatrixTable(
    {
      cells: [cell("admin", "open", true)],
      pendingCallers: [{ name: "member", reason: "not yet" }],
    },
    [kind("admin"), kind("member", false)],
    settings.slice(0, 1),
  );
  expect(table).toContain("| query | ✓ | pending |");
});
