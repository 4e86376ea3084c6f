import { afterEach, describe, expect, test, vi } from "vitest";

// The chunk itself fails to load (as when the network drops while fetching it).
vi.mock("@consultant/content-client", () => {
  throw new Error("Failed to fetch dynamically imported module");
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loadFromStore", () => {
  test("a content-client chunk that fails to load is logged as 'Loading chunk … failed' and gives an empty list", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const { loadFromStore } = await import("./store-loader.ts");
    await expect(loadFromStore("About")).resolves.toEqual([]);
    expect(log).toHaveBeenCalledWith(
      "Failed to fetch About data:",
      expect.objectContaining({ message: "Loading chunk content-client failed" }),
    );
  });
});
