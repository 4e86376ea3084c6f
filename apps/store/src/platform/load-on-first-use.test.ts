import { describe, expect, test } from "vitest";
import { loadOnFirstUse } from "./load-on-first-use.ts";

describe("loadOnFirstUse", () => {
  test("loads nothing until asked, then once for every caller", async () => {
    let loads = 0;
    const load = loadOnFirstUse(async () => ({ loaded: ++loads }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    expect(await load()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  test("tries again after a failed load instead of failing for ever", async () => {
    let tries = 0;
    const load = loadOnFirstUse(async () => {
      tries += 1;
      if (tries === 1) throw new Error("module not found");
      return "module";
    });
    await expect(load()).rejects.toThrow("module not found");
    expect(await load()).toBe("module");
    expect(tries).toBe(2);
  });
});
