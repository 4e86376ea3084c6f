import { describe, expect, it } from "vitest";
import { parseHtmlAssets } from "./html-assets.ts";

const PAGE = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b2.js">
<link rel="stylesheet" crossorigin href="/assets/index-c3.css">
<link rel="preload" as="font" type="font/woff2" href="/fonts/x.woff2" crossorigin>
<style>.reveal{opacity:1}</style>
</head><body><div id="root"><!--app-html--><img src="/a.svg" width="40" height="40" alt="">
<img src="/b.png" alt="no size"><!-- <img src="/commented.png"> --></div>
<script id="page-content" type="application/json">{"HomePage":[]}</script>
<script src="/legacy.js"></script>
</body></html>`;

describe("parseHtmlAssets", () => {
  const assets = parseHtmlAssets(PAGE);

  it("finds module scripts and module preloads separately", () => {
    expect(assets.moduleScripts).toEqual(["/assets/index-a1.js"]);
    expect(assets.modulePreloads).toEqual(["/assets/react-b2.js"]);
  });

  it("keeps inline script bodies, including embedded JSON data", () => {
    expect(assets.inlineScripts).toEqual(['{"HomePage":[]}']);
  });

  it("lists classic scripts apart from module scripts", () => {
    expect(assets.classicScripts).toEqual(["/legacy.js"]);
  });

  it("finds stylesheets, inline styles and font preloads", () => {
    expect(assets.stylesheets).toEqual(["/assets/index-c3.css"]);
    expect(assets.inlineStyles).toEqual([".reveal{opacity:1}"]);
    expect(assets.fontPreloads).toEqual(["/fonts/x.woff2"]);
  });

  it("flags images without both width and height and ignores commented-out markup", () => {
    expect(assets.images).toEqual([
      { src: "/a.svg", hasDimensions: true },
      { src: "/b.png", hasDimensions: false },
    ]);
  });
});
