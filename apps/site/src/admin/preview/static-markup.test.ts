import { expect, test } from "vitest";
import { staticMarkup } from "./static-markup.ts";

test("the preview frame gets no script to block (no console errors from its sandbox)", () => {
  const page = `<html><head><link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="stylesheet" href="/a.css">
<script type="module" crossorigin src="/assets/index.js"></script></head>
<body><div id="root"><h1>Hi</h1></div><script id="page-content" type="application/json">{"a":"</p>"}</script>
<SCRIPT>alert(1)</SCRIPT ></body></html>`;
  const shown = staticMarkup(page);
  expect(shown).not.toMatch(/<script|modulepreload/i);
  expect(shown).toContain('<link rel="stylesheet" href="/a.css">');
  expect(shown).toContain("<h1>Hi</h1>");
});
