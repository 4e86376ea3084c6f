import { describe, expect, it } from "vitest";
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

  it("leaves out the store's dates and owner, which the page never reads", () => {
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
      { _id: "about", title_fld: "About", data: "Hello" },
    ]);
  });
});

describe("readEmbeddedContent", () => {
  it("reads back exactly what was serialized", () => {
    const content = samplePageContent();
    content.About = [{ title_fld: "About", data: "a < b </script>" }];
    const inline = Object.fromEntries(
      (content.Pictures ?? []).flatMap((item) =>
        typeof item.inline === "string" ? [[String(item._id), item.inline]] : [],
      ),
    );
    expect(Object.keys(inline)).toEqual(["portrait", "logo"]);
    expect(readEmbeddedContent(documentWith(serializePageContent(content), inline))).toEqual(
      content,
    );
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
