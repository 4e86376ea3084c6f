import { expect, test } from "vitest";
import { changeOf, formatDuration, formatRate } from "./figures.ts";

test("a visit's length reads in seconds, minutes and hours", () => {
  expect(formatDuration(0)).toBe("0 s");
  expect(formatDuration(44.6)).toBe("45 s");
  expect(formatDuration(120)).toBe("2 min");
  expect(formatDuration(125)).toBe("2 min 5 s");
  expect(formatDuration(3780)).toBe("1 h 3 min");
});

test("a rate of nothing reads as a dash, small rates keep a decimal", () => {
  expect(formatRate(1, 0)).toBe("–");
  expect(formatRate(1, 4)).toBe("25\u00a0%");
  expect(formatRate(1, 40)).toBe("2.5\u00a0%");
  expect(formatRate(0, 40)).toBe("0\u00a0%");
});

test("a change against the period before says which way and by how much", () => {
  expect(changeOf(12, 10)).toEqual({ direction: "up", text: "up 20\u00a0%" });
  expect(changeOf(5, 10)).toEqual({ direction: "down", text: "down 50\u00a0%" });
  expect(changeOf(3, 3)).toEqual({ direction: "same", text: "no change" });
  expect(changeOf(3, 0)).toEqual({ direction: "new", text: "up from 0" });
});
