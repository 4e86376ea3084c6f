import { describe, expect, it } from "vitest";
import { summarizeFontFaces } from "./fonts.ts";

describe("summarizeFontFaces", () => {
  it("counts a face without font-display as blocking", () => {
    const css = `@font-face{font-family:A;src:url(/a.woff2) format("woff2"),url(/a.woff)}`;
    expect(summarizeFontFaces(css)).toEqual({ urls: ["/a.woff2"], blocking: 1 });
  });

  it("counts a swap face as a request that does not block text", () => {
    const css = `@font-face{font-family:A;font-display:swap;src:url("/a.woff2")}`;
    expect(summarizeFontFaces(css)).toEqual({ urls: ["/a.woff2"], blocking: 0 });
  });

  it("ignores faces that only use local fonts", () => {
    const css = `@font-face{font-family:A;src:local("Arial")}body{font-family:A}`;
    expect(summarizeFontFaces(css)).toEqual({ urls: [], blocking: 0 });
  });
});
