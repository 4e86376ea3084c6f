import { describe, expect, it } from "vitest";
import { fillDefaultHeadTags, HEAD_TAGS_PLACEHOLDER, replaceHeadTags } from "./head-region.ts";

const template = `<head>${HEAD_TAGS_PLACEHOLDER}<link rel="icon" /></head>`;

describe("head-tags region", () => {
  it("holds the build-time title for the page served without the store", () => {
    const built = fillDefaultHeadTags(template, { title: "Alex & Co", description: "Hello" });
    expect(built).toContain("<title>Alex &amp; Co</title>");
  });

  it("is replaced whole by the server's tags", () => {
    const built = fillDefaultHeadTags(template, { title: "Build", description: "Default" });
    const served = replaceHeadTags(built, "<title>Live</title>");
    expect(served).toBe('<head><title>Live</title><link rel="icon" /></head>');
  });

  it("fills a template the build left unfilled", () => {
    expect(replaceHeadTags(template, "<title>Live</title>")).toBe(
      '<head><title>Live</title><link rel="icon" /></head>',
    );
  });
});
