import { describe, expect, it } from "vitest";
import { parseFromUrl } from "./callback.ts";

describe("parseFromUrl", () => {
  it("reads code and state from the fragment by default", () => {
    expect(parseFromUrl("http://site.test/callback?code=q#code=c1&state=s1")).toEqual({
      code: "c1",
      state: "s1",
    });
  });

  it("reads code and state from the query string in query mode", () => {
    expect(parseFromUrl("http://site.test/callback?code=c2&state=s2#x", "query")).toEqual({
      code: "c2",
      state: "s2",
    });
  });

  it("adds the OAuth error and its description when the callback carries one", () => {
    expect(
      parseFromUrl(
        "http://site.test/cb#error=login_required&error_description=No%20session&state=s3",
      ),
    ).toEqual({ code: null, state: "s3", error: "login_required", errorDescription: "No session" });
  });

  it("answers nulls for a URL without callback parameters", () => {
    expect(parseFromUrl("http://site.test/")).toEqual({ code: null, state: null });
  });

  it("needs a URL outside a browser", () => {
    expect(() => parseFromUrl()).toThrow(TypeError);
  });
});
