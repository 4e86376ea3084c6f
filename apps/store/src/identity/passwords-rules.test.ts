/**
 * The member password rules at their edges (the minimum and maximum are allowed, one past is
 * not, characters are counted as the member sees them), and the cut of a password guess that
 * bounds the hashing work of a sign-in.
 */
import { describe, expect, test } from "vitest";
import { PASSWORD_MAX_LENGTH } from "./password.ts";
import { boundedGuess, memberPasswordProblem } from "./passwords.ts";

describe("memberPasswordProblem", () => {
  test("no password, an empty one or one that is not text: must not be empty", () => {
    for (const value of [undefined, null, "", 12345678, ["a password"]]) {
      expect(memberPasswordProblem(value, 8)).toBe("must not be empty");
    }
  });

  test("the minimum length is allowed, one character less is not", () => {
    expect(memberPasswordProblem("1234567", 8)).toBe("must be at least 8 characters");
    expect(memberPasswordProblem("12345678", 8)).toBeNull();
    expect(memberPasswordProblem("1234567890", 12)).toBe("must be at least 12 characters");
  });

  test("the maximum length is allowed, one character more is not", () => {
    expect(memberPasswordProblem("p".repeat(PASSWORD_MAX_LENGTH), 8)).toBeNull();
    expect(memberPasswordProblem("p".repeat(PASSWORD_MAX_LENGTH + 1), 8)).toBe(
      `must be at most ${PASSWORD_MAX_LENGTH} characters`,
    );
  });

  test("characters are counted as the member typed them, not as UTF-16 units", () => {
    expect(memberPasswordProblem("🔑".repeat(7), 8)).toBe("must be at least 8 characters");
    expect(memberPasswordProblem("🔑".repeat(PASSWORD_MAX_LENGTH), 8)).toBeNull();
  });
});

describe("boundedGuess", () => {
  test("a guess that is not text is the empty guess, which matches no password", () => {
    for (const value of [undefined, null, 42, { password: "x" }, ["correct horse battery"]]) {
      expect(boundedGuess(value)).toBe("");
    }
  });

  test("a huge guess is cut to four times the longest password; a shorter one is kept whole", () => {
    const cut = PASSWORD_MAX_LENGTH * 4;
    expect(boundedGuess("g".repeat(100_000))).toBe("g".repeat(cut));
    expect(boundedGuess("g".repeat(cut))).toBe("g".repeat(cut));
    // The longest password, of characters outside the BMP, still reaches the hash whole.
    const longest = "🔑".repeat(PASSWORD_MAX_LENGTH);
    expect(boundedGuess(longest)).toBe(longest);
  });
});
