import { describe, expect, it } from "vitest";
import { kb, ms, ratio, ratioOf } from "./format.ts";

describe("format", () => {
  it("prints sizes in kilobytes of 1000 bytes", () => {
    expect(kb(67_441)).toBe("67.4 KB");
  });

  it("keeps two decimals for sub-10 ms latencies", () => {
    expect(ms(2.4934)).toBe("2.49 ms");
  });

  it("treats two zero figures as a 1× ratio", () => {
    expect(ratioOf(0, 0)).toBe(1);
  });

  it("prints a ratio over a zero baseline as infinite", () => {
    expect(ratio(ratioOf(5, 0))).toBe("∞");
  });
});
