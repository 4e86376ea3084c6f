import { describe, expect, it } from "vitest";
import { npmStartArgs } from "./npm-start.ts";

describe("npmStartArgs", () => {
  it("reads npm start's node flags and entry from the root package.json", () => {
    const args = npmStartArgs();
    expect(args.at(-1)).toBe("scripts/start.mjs");
    expect(args.slice(0, -1).every((arg) => arg.startsWith("--"))).toBe(true);
  });
});
