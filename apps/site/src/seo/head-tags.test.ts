import { describe, expect, it } from "vitest";
import { siteConfig } from "../site.config.ts";
import { renderHeadTags } from "./head-tags.ts";

function head(html: string): Document {
  return new DOMParser().parseFromString(`<head>${html}</head>`, "text/html");
}

const content = (doc: Document, selector: string) =>
  doc.querySelector(selector)?.getAttribute("content") ??
  doc.querySelector(selector)?.getAttribute("href");

describe("renderHeadTags", () => {
  const live = { ...siteConfig, siteUrl: "https://www.example.com" };

  it("names the canonical address of the page", () => {
    expect(content(head(renderHeadTags(live, [])), 'link[rel="canonical"]')).toBe(
      "https://www.example.com/",
    );
  });

  it("gives sharing services the title, description and the card with its size", () => {
    const doc = head(renderHeadTags(live, []));
    expect(content(doc, 'meta[property="og:title"]')).toBe(siteConfig.title);
    expect(content(doc, 'meta[property="og:description"]')).toBe(siteConfig.description);
    expect(content(doc, 'meta[property="og:image"]')).toBe(
      "https://www.example.com/share-card.png",
    );
    expect(content(doc, 'meta[property="og:image:width"]')).toBe("1200");
    expect(content(doc, 'meta[property="og:image:height"]')).toBe("630");
    expect(content(doc, 'meta[name="twitter:card"]')).toBe("summary_large_image");
  });

  it("announces the owner's own share picture", () => {
    const doc = head(
      renderHeadTags({ ...live, shareImageUrl: "https://cdn.example.com/me.jpg" }, []),
    );
    expect(content(doc, 'meta[name="twitter:image"]')).toBe("https://cdn.example.com/me.jpg");
  });

  it("leaves out the canonical address and picture until the site's address is set", () => {
    const doc = head(renderHeadTags(siteConfig, []));
    expect(doc.querySelector('link[rel="canonical"]')).toBeNull();
    expect(doc.querySelector('meta[property="og:image"]')).toBeNull();
    expect(content(doc, 'meta[name="twitter:card"]')).toBe("summary");
  });

  it("keeps the owner's text as text in every attribute", () => {
    const doc = head(renderHeadTags({ ...live, title: 'A "quoted" <b>title</b>' }, []));
    expect(doc.title).toBe('A "quoted" <b>title</b>');
    expect(content(doc, 'meta[property="og:title"]')).toBe('A "quoted" <b>title</b>');
    expect(doc.querySelector("b")).toBeNull();
  });
});
