import { describe, expect, test } from "vitest";
import { keyedDigest, sameSecret } from "./secrets.ts";

describe("secrets", () => {
  test("a guess of another length is simply wrong (no exception a caller could time or see)", () => {
    expect(sameSecret("a-csrf-token", "a-csrf-token")).toBe(true);
    expect(sameSecret("a-csrf-token", "a-csrf-toke")).toBe(false);
    expect(sameSecret("a-csrf-token", "a-csrf-tokenX")).toBe(false);
  });

  test("a keyed digest keeps its label and value apart (no label+value pair forges another)", () => {
    const key = new Uint8Array(32).fill(7);
    expect(keyedDigest(key, "csrf", "abc")).toBe(keyedDigest(key, "csrf", "abc"));
    expect(keyedDigest(key, "csrfa", "bc")).not.toBe(keyedDigest(key, "csrf", "abc"));
    expect(keyedDigest(new Uint8Array(32).fill(8), "csrf", "abc")).not.toBe(
      keyedDigest(key, "csrf", "abc"),
    );
  });
});
