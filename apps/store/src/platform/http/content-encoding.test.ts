import { describe, expect, test } from "vitest";
import { negotiateEncoding } from "./content-encoding.ts";

describe("negotiateEncoding", () => {
  test.each([
    [undefined, null],
    ["", null],
    ["identity", null],
    ["gzip", "gzip"],
    ["x-gzip", "gzip"],
    ["gzip, deflate, br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["br;q=0, gzip", "gzip"],
    ["GZIP;Q=0.5", "gzip"],
    ["gzip;q=0, br;q=0", null],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["br;q=0, *", "gzip"],
    ["deflate", null],
  ] as const)("%s gives %s", (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
