import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { App } from "../app.tsx";
import { samplePageContent } from "../test-helpers/sample-content.ts";
import {
  INLINE_PICTURE_ATTRIBUTE,
  PAGE_CONTENT_ID,
  readEmbeddedContent,
  serializePageContent,
} from "./embed-content.ts";

function documentWith(json: string, inlinePictures: Record<string, string> = {}): Document {
  const doc = document.implementation.createHTMLDocument("test");
  for (const [id, src] of Object.entries(inlinePictures)) {
    const img = doc.createElement("img");
    img.setAttribute(INLINE_PICTURE_ATTRIBUTE, id);
    img.setAttribute("src", src);
    doc.body.append(img);
  }
  const script = doc.createElement("script");
  script.id = PAGE_CONTENT_ID;
  script.type = "application/json";
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe("serializePageContent", () => {
  it("escapes every < so the JSON cannot close its script tag", () => {
    const content = samplePageContent();
    content.About = [{ title_fld: "About", data: "</script><script>alert(1)</script>" }];
    const json = serializePageContent(content);
    expect(json).not.toContain("<");
    expect(json).toContain("\\u003c/script>");
  });

  it("leaves out the store's dates and owner and a text's id, which the page never reads", () => {
    const content = samplePageContent();
    content.About = [
      {
        _id: "about",
        _createdDate: { $date: "2026-01-01T00:00:00.000Z" },
        _updatedDate: { $date: "2026-01-02T00:00:00.000Z" },
        _ownerId: "owner-1",
        title_fld: "About",
        data: "Hello",
      },
    ];
    expect(JSON.parse(serializePageContent(content)).About).toEqual([
      { title_fld: "About", data: "Hello" },
    ]);
  });

  it("carries only the settings the page shows that differ from its defaults", () => {
    const content = samplePageContent();
    expect(JSON.parse(serializePageContent(content)).SiteSettings).toEqual([{ _id: "site" }]);
    content.SiteSettings = [{ ...content.SiteSettings[0], name: "Ana Smith", title: "Ana" }];
    expect(JSON.parse(serializePageContent(content)).SiteSettings).toEqual([
      { _id: "site", name: "Ana Smith" },
    ]);
  });

  it("carries items in the order the page shows them, without their order field", () => {
    const content = samplePageContent();
    content.Clients = [
      { _id: "second", order: 2, itemData: "Second" },
      { _id: "first", order: 1, itemData: "First" },
      { _id: "unordered", itemData: "Last" },
    ];
    expect(JSON.parse(serializePageContent(content)).Clients).toEqual([
      { _id: "first", itemData: "First" },
      { _id: "second", itemData: "Second" },
      { _id: "unordered", itemData: "Last" },
    ]);
  });
});

describe("readEmbeddedContent", () => {
  it("reads back content that renders the very page that was serialized", () => {
    const content = samplePageContent();
    content.About = [{ title_fld: "About", data: "a < b </script>" }];
    content.SiteSettings = [{ ...content.SiteSettings[0], name: "Ana Smith" }];
    const inline = Object.fromEntries(
      (content.Pictures ?? []).flatMap((item) =>
        typeof item.inline === "string" ? [[String(item._id), item.inline]] : [],
      ),
    );
    expect(Object.keys(inline)).toEqual(["portrait", "logo"]);
    const read = readEmbeddedContent(documentWith(serializePageContent(content), inline));
    if (!read) throw new Error("nothing read back");
    expect(renderToString(<App content={read} />)).toBe(renderToString(<App content={content} />));
  });

  it("carries the services' and ideal clients' texts once: in their marked elements", () => {
    const content = samplePageContent();
    const appHtml = renderToString(<App content={content} />);
    const json = serializePageContent(content, appHtml);
    expect(json).not.toContain("Growth Strategy");
    expect(json).not.toContain("Market review");
    expect(json).not.toContain("Owner-led companies");

    const doc = documentWith(json);
    const root = doc.createElement("div");
    root.innerHTML = appHtml;
    doc.body.prepend(root);
    const read = readEmbeddedContent(doc);
    if (!read) throw new Error("nothing read back");
    expect(renderToString(<App content={read} />)).toBe(appHtml);
  });

  it("carries a text the page shows whole once: in its element, not again in the JSON", () => {
    const content = samplePageContent();
    content.WhyWorkWithMe = content.WhyWorkWithMe.map((item) =>
      item.title_fld === "Reason3Text" ? { ...item, data: `Tom & Jerry's "<b>"` } : item,
    );
    const appHtml = renderToString(<App content={content} />);
    const json = serializePageContent(content, appHtml);
    expect(json).not.toContain("Tom &");
    expect(json).not.toContain("Focused on outcomes");
    expect(json).not.toContain("CORE SERVICES");
    // Shown only when a card is opened, and filled in from the settings: still in the JSON.
    expect(json).toContain("Hide Details");
    expect(json).toContain("{year}");

    const doc = documentWith(json);
    const root = doc.createElement("div");
    root.innerHTML = appHtml;
    doc.body.prepend(root);
    const read = readEmbeddedContent(doc);
    if (!read) throw new Error("nothing read back");
    expect(renderToString(<App content={read} />)).toBe(appHtml);
  });

  it("carries a picture's data URL once: in its <img>, not again in the JSON", () => {
    const content = samplePageContent();
    const json = serializePageContent(content);
    expect(json).not.toContain("data:image/svg+xml");
    const doc = documentWith(json, { portrait: "data:image/svg+xml,%3Csvg/%3E" });
    const portrait = readEmbeddedContent(doc)?.Pictures?.find((item) => item._id === "portrait");
    expect(portrait?.inline).toBe("data:image/svg+xml,%3Csvg/%3E");
  });

  it("is undefined when the page carries no embedded content", () => {
    expect(readEmbeddedContent(document.implementation.createHTMLDocument("x"))).toBeUndefined();
  });

  it("fills collections missing from the JSON with empty lists", () => {
    expect(readEmbeddedContent(documentWith('{"Clients":[{"itemData":"x"}]}'))).toEqual({
      HomePage: [],
      About: [],
      Services: [],
      Clients: [{ itemData: "x" }],
      WhyWorkWithMe: [],
      PageWords: [],
      SiteSettings: [],
      Pictures: [],
    });
  });
});
