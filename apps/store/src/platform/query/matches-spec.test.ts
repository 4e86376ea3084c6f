import { describe, expect, test } from "vitest";
import { matchesSpec } from "./matches-spec.ts";

const SLUG = [
  { type: "literal" as const, value: "about" },
  { type: "anyOf" as const, value: " \t\n-" },
  { type: "literal" as const, value: "me" },
];

describe("matchesSpec", () => {
  test.each(["about me", "about-me", "about\tme"])("matches %j", (text) => {
    expect(matchesSpec(text, false, SLUG)).toBe(true);
  });

  test.each(["aboutme", "about  me", "about me!", "xabout me", "About me"])(
    "rejects %j",
    (text) => {
      expect(matchesSpec(text, false, SLUG)).toBe(false);
    },
  );

  test("ignores case when asked", () => {
    expect(matchesSpec("ABOUT-Me", true, SLUG)).toBe(true);
  });

  test("an empty spec matches only the empty string", () => {
    expect(matchesSpec("", false, [])).toBe(true);
    expect(matchesSpec("a", false, [])).toBe(false);
  });
});
