import { describe, expect, it } from "vitest";
import { median, percentile } from "./stats.ts";

describe("median", () => {
  it("returns the middle value of an odd sample regardless of order", () => {
    expect(median([9, 1, 5])).toBe(5);
  });

  it("returns NaN for an empty sample", () => {
    expect(median([])).toBeNaN();
  });
});

describe("percentile", () => {
  it("returns the nearest-rank p99 of a hundred values", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 99)).toBe(99);
  });

  it("returns the maximum for p100", () => {
    expect(percentile([3, 7, 2], 100)).toBe(7);
  });
});
