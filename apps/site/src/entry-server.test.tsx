// @vitest-environment node
import { type ItemData, type PageContent, sortByOrder } from "@consultant/site-content";
import { describe, expect, it } from "vitest";
import TEMPLATE from "../index.html?raw";
import { isIslandWord } from "./content/page-words.ts";
import { renderPage } from "./entry-server.tsx";
import { siteConfig } from "./site.config.ts";
import { samplePageContent } from "./test-helpers/sample-content.ts";

function embeddedJson(html: string): string {
  const match = html.match(/<script id="page-content" type="application\/json">(.*?)<\/script>/s);
  if (!match?.[1]) throw new Error("no embedded content");
  return match[1];
}

/**
 * The content as the JSON carries it: a picture's data URL is in its <img>, marked 1 here; a
 * text goes without its id, and one the page shows whole in its marked element is marked 1
 * too; the sample settings equal the page's defaults, so only the id stays.
 */
/** The texts of an item's fields the HTML holds whole in their marked element, as 1. */
function fieldsAsEmbedded(value: unknown, path: string, html: string): unknown {
  if (typeof value === "string") {
    const escaped = value.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
    return html.includes(`data-field="${path}">${escaped}<`) ? 1 : value;
  }
  if (Array.isArray(value)) return value.map((v, at) => fieldsAsEmbedded(v, `${path}.${at}`, html));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, fieldsAsEmbedded(v, `${path}.${key}`, html)]),
  );
}

function asEmbedded(content: PageContent, html: string): PageContent {
  const fields =
    (name: string) =>
    (item: ItemData): ItemData => ({
      ...item,
      itemData: fieldsAsEmbedded(item.itemData, `${name}:${String(item._id)}`, html),
    });
  const text = ({ _id, ...rest }: ItemData): ItemData =>
    html.includes(`data-text="${String(rest.title_fld)}"`) &&
    typeof rest.data === "string" &&
    html.includes(`>${rest.data.replaceAll("&", "&amp;").replaceAll("'", "&#x27;")}<`)
      ? { ...rest, data: 1 }
      : rest;
  const shown = (items: readonly ItemData[]): ItemData[] =>
    sortByOrder(items).map(({ order, ...rest }) => rest);
  return {
    ...content,
    HomePage: content.HomePage.map(text),
    About: content.About.map(text),
    WhyWorkWithMe: content.WhyWorkWithMe.map(text),
    PageWords: content.PageWords.filter((item) => !isIslandWord(String(item.title_fld))).map(text),
    Services: shown(content.Services).map(fields("Services")),
    Clients: shown(content.Clients).map(fields("Clients")),
    SiteSettings: [{ _id: "site" }],
    Pictures: shown(content.Pictures ?? []).map((item) =>
      typeof item.inline === "string" ? { ...item, inline: 1 } : item,
    ),
  };
}

describe("renderPage", () => {
  it("renders the content into #root without any Loading... text", () => {
    const html = renderPage(TEMPLATE, samplePageContent());
    expect(html).toContain('<div id="root"><');
    expect(html).not.toContain("<!--app-html-->");
    expect(html).toContain("Clear strategy. Calm operations. Measurable growth.");
    expect(html).toContain("Owner-led companies with 10 to 200 people");
    expect(html).toContain("ABOUT Alex Sample");
    expect(html).not.toContain("Loading...");
  });

  it("embeds the content as JSON that parses back to the same content", () => {
    const content = samplePageContent();
    const html = renderPage(TEMPLATE, content);
    expect(JSON.parse(embeddedJson(html))).toEqual(asEmbedded(content, html));
    expect(html).toMatch(
      /<img src="data:image\/svg\+xml,[^"]+"[^>]*data-inline-picture="portrait"/,
    );
  });

  it("renders the contact form on the server, its words in the HTML and not in the JSON", () => {
    const content = samplePageContent();
    content.PageWords = content.PageWords.map((item) =>
      item.title_fld === "FormHeading" ? { ...item, data: "Write to Alex" } : item,
    );
    const html = renderPage(TEMPLATE, content);
    expect(html).toMatch(/<form[^>]* action="\/contact"/);
    expect(html).toContain(">Write to Alex<");
    expect(embeddedJson(html)).not.toContain("FormHeading");
  });

  it("escapes </script> in content so it cannot close the embedding script", () => {
    const content = samplePageContent();
    // A text the page does not show at first (an open card's button), so the JSON carries it.
    content.PageWords = [
      { title_fld: "HideDetails", data: "</script><script>alert('x')</script>" },
    ];
    const html = renderPage(TEMPLATE, content);
    const json = embeddedJson(html);
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toEqual(asEmbedded(content, html));
    expect(html).not.toContain("<script>alert");
  });

  it("fills in the configured title and description", () => {
    const html = renderPage(TEMPLATE, samplePageContent());
    expect(html).toContain(`<title>${siteConfig.title}</title>`);
    expect(html).toContain(`<meta name="description" content="${siteConfig.description}" />`);
    expect(html).not.toContain("%SITE_");
  });

  it("keeps the embedded content outside #root so hydration sees only the app", () => {
    const html = renderPage(TEMPLATE, samplePageContent());
    expect(html.indexOf('id="page-content"')).toBeGreaterThan(html.lastIndexOf("</footer>"));
  });
});
