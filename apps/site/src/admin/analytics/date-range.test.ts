import { expect, test } from "vitest";
import { customProblem, previousOf, rangeOf } from "./date-range.ts";

const TODAY = "2026-03-02";

test("the last 7 days end today and the period before is the 7 days ahead of them", () => {
  const range = rangeOf({ kind: "days", days: 7 }, TODAY);
  expect(range).toEqual({ from: "2026-02-24", to: "2026-03-02" });
  expect(previousOf(range)).toEqual({ from: "2026-02-17", to: "2026-02-23" });
});

test("today is compared with yesterday, across a month's end", () => {
  const range = rangeOf({ kind: "today" }, "2026-03-01");
  expect(range).toEqual({ from: "2026-03-01", to: "2026-03-01" });
  expect(previousOf(range)).toEqual({ from: "2026-02-28", to: "2026-02-28" });
});

test("custom dates are checked before they are asked for", () => {
  expect(customProblem("2026-02-01", "2026-02-10", TODAY)).toBeNull();
  expect(customProblem("", "2026-02-10", TODAY)).toBe("Choose the first day.");
  expect(customProblem("2026-02-10", "2026-02-01", TODAY)).toBe(
    "The first day must come before the last day.",
  );
  expect(customProblem("2026-02-10", "2026-03-03", TODAY)).toBe(
    "The last day cannot be after today.",
  );
  expect(customProblem("2024-01-01", "2026-03-01", TODAY)).toBe("Choose at most 366 days.");
});
