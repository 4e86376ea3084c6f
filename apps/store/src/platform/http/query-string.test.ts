import { describe, expect, test } from "vitest";
import { hasTooManyPairs, MAX_QUERY_PAIRS, parseQueryString } from "./query-string.ts";

describe("parseQueryString", () => {
  test("repeated keys become arrays", () => {
    expect({ ...parseQueryString("fields=a&fields=b&x=1") }).toEqual({
      fields: ["a", "b"],
      x: "1",
    });
  });

  test("decodes percent-escapes and plus signs", () => {
    expect({ ...parseQueryString("q=a%20b+c&%C3%BC=%F0%9F%98%80") }).toEqual({
      q: "a b c",
      ü: "😀",
    });
  });

  test("keeps the .r key intact", () => {
    expect(parseQueryString(".r=eyJ9")[".r"]).toBe("eyJ9");
  });

  test("a key named __proto__ is an ordinary key", () => {
    const parsed = parseQueryString("__proto__=x");
    expect(Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value).toBe("x");
    expect(Object.getPrototypeOf(parsed)).toBeNull();
  });

  test("flags more than the maximum number of pairs instead of dropping them", () => {
    const text = Array.from({ length: MAX_QUERY_PAIRS + 1 }, () => "f=1").join("&");
    expect(hasTooManyPairs(parseQueryString(text))).toBe(true);
  });

  test("accepts exactly the maximum number of pairs", () => {
    const text = Array.from({ length: MAX_QUERY_PAIRS }, () => "f=1").join("&");
    const parsed = parseQueryString(text);
    expect(hasTooManyPairs(parsed)).toBe(false);
    expect(parsed.f).toHaveLength(MAX_QUERY_PAIRS);
  });
});
