import { describe, expect, it } from "vitest";
import { growthQueries, MATCHES, makeGrowthItem } from "./workload.ts";

function matching(size: number, test: (item: Record<string, unknown>) => boolean): number {
  let count = 0;
  for (let i = 0; i < size; i += 1) if (test(makeGrowthItem(size, i))) count += 1;
  return count;
}

describe("growth workload", () => {
  it("gives the equality filter the same number of matches at every size", () => {
    for (const size of [1_000, 10_000]) {
      const body = growthQueries("C", size).equality as {
        query: { filter: { category: { $eq: string } } };
      };
      const wanted = body.query.filter.category.$eq;
      expect(matching(size, (item) => item.category === wanted)).toBe(MATCHES);
    }
  });

  it("gives the range filter the same number of matches at every size", () => {
    for (const size of [1_000, 10_000]) {
      const low = size / 2;
      const inRange = (item: Record<string, unknown>) =>
        typeof item.price === "number" && item.price >= low && item.price < low + MATCHES;
      expect(matching(size, inRange)).toBe(MATCHES);
    }
  });

  it("makes prices a permutation, so no two items share one", () => {
    const prices = new Set(Array.from({ length: 1_000 }, (_, i) => makeGrowthItem(1_000, i).price));
    expect(prices.size).toBe(1_000);
  });
});
