import { afterEach, describe, expect, it, vi } from "vitest";
import { loadCollection } from "./load-collection.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("loadCollection", () => {
  it("asks for the collection by name and returns its items", async () => {
    const requests: unknown[] = [];
    const items = await loadCollection(async (request) => {
      requests.push(request);
      return { items: [{ _id: "a" }] };
    }, "Clients");
    expect(requests).toEqual([{ dataCollectionId: "Clients" }]);
    expect(items).toEqual([{ _id: "a" }]);
  });

  it("logs a failed fetch with the collection name and returns an empty list", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const failure = new Error("offline");
    const items = await loadCollection(() => Promise.reject(failure), "Services");
    expect(items).toEqual([]);
    expect(logged).toHaveBeenCalledWith("Failed to fetch Services data:", failure);
  });
});
