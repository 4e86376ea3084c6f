import { describe, expect, test } from "vitest";
import { readCredentials } from "./caller.ts";

describe("readCredentials", () => {
  test.each<[string | undefined, string[]]>([
    [undefined, []],
    ["", []],
    ["   ", []],
    ["eyJ.a.b", ["eyJ.a.b"]],
    ["Bearer eyJ.a.b", ["eyJ.a.b"]],
    ["bearer   eyJ.a.b  ", ["eyJ.a.b"]],
    ["Bearer", ["Bearer"]],
    ["eyJ.a.b,IST.key", ["eyJ.a.b", "IST.key"]],
    ["Bearer eyJ.a.b , IST.key,", ["eyJ.a.b", "IST.key"]],
    [",", []],
  ])("%j holds %j", (header, expected) => {
    expect(readCredentials(header)).toEqual(expected);
  });
});
